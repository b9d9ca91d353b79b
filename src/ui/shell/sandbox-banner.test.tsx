// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SandboxBanner } from './sandbox-banner';

const settings = vi.hoisted(() => ({ status: undefined as unknown }));
vi.mock('../api/use-settings', () => ({
  useSettings: () => ({
    data: settings.status === undefined ? undefined : { sandbox_status: settings.status },
  }),
}));

afterEach(() => {
  cleanup();
  settings.status = undefined;
});

function bannerText(): string | null {
  return screen.queryByTestId('sandbox-banner')?.textContent ?? null;
}

describe('SandboxBanner', () => {
  it('says the container sandbox cannot start, with the daemon reason and what to do', () => {
    settings.status = {
      kind: 'missing',
      backend: 'docker',
      detail:
        'The Docker daemon does not answer (connect ENOENT /var/run/docker.sock), so commands are disabled: start the Docker daemon.',
    };
    render(<SandboxBanner />);
    expect(bannerText()).toContain('Commands are disabled: the container sandbox cannot start.');
    expect(bannerText()).toContain('start the Docker daemon');
    expect(bannerText()).not.toContain('bubblewrap');
  });

  it('says when the image is missing, naming it', () => {
    settings.status = {
      kind: 'missing',
      backend: 'docker',
      detail:
        'The sandbox image mine:2 is not on the Docker daemon, so commands are disabled: run `npm run sandbox-image`.',
    };
    render(<SandboxBanner />);
    expect(bannerText()).toContain('mine:2');
    expect(bannerText()).toContain('npm run sandbox-image');
  });

  it('keeps the bubblewrap wording for a missing bwrap', () => {
    settings.status = {
      kind: 'missing',
      backend: 'bubblewrap',
      detail: 'bubblewrap (bwrap) is not installed, so commands are disabled. Install bubblewrap.',
    };
    render(<SandboxBanner />);
    expect(bannerText()).toContain('Commands are disabled: bubblewrap is not installed.');
    expect(bannerText()).toContain('Install bubblewrap.');
  });

  it('shows nothing while the default sandbox works, on either backend', () => {
    settings.status = { kind: 'sandboxed', backend: 'docker' };
    render(<SandboxBanner />);
    expect(bannerText()).toBeNull();
  });
});
