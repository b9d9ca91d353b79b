import { describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_SETTINGS } from './sandbox-settings';
import { sandboxChoice } from './sandbox-choice';
import { DEFAULT_SANDBOX_IMAGE } from './sandbox-kind';

describe('sandboxChoice', () => {
  it('is bubblewrap with the default image when nothing chooses', () => {
    expect(sandboxChoice({}, DEFAULT_SANDBOX_SETTINGS)).toEqual({
      kind: 'bubblewrap',
      image: DEFAULT_SANDBOX_IMAGE,
    });
  });

  it('takes the settings, and the launcher over the settings', () => {
    const settings = { ...DEFAULT_SANDBOX_SETTINGS, backend: 'docker' as const, image: 'mine:2' };
    expect(sandboxChoice({}, settings)).toEqual({ kind: 'docker', image: 'mine:2' });
    expect(
      sandboxChoice(
        { AGENT_WORKBENCH_SANDBOX_BACKEND: 'bubblewrap', AGENT_WORKBENCH_SANDBOX_IMAGE: 'flag:3' },
        settings,
      ),
    ).toEqual({ kind: 'bubblewrap', image: 'flag:3' });
  });

  it('is none only when the sandbox is turned off on purpose, whatever the backend', () => {
    const settings = { ...DEFAULT_SANDBOX_SETTINGS, backend: 'docker' as const };
    expect(sandboxChoice({ AGENT_WORKBENCH_SANDBOX: '0' }, settings).kind).toBe('none');
    expect(sandboxChoice({ AGENT_WORKBENCH_SANDBOX_BACKEND: 'none' }, settings).kind).toBe('docker');
  });
});
