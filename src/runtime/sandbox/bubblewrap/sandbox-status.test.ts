import { describe, expect, it } from 'vitest';
import { sandboxStatus } from './sandbox-status';

const found = () => '/usr/bin/bwrap';
const notFound = () => undefined;

describe('sandboxStatus', () => {
  it('is sandboxed when bwrap is found', () => {
    expect(sandboxStatus({}, { locateBwrap: found })).toEqual({ kind: 'sandboxed' });
  });

  it('is missing, with install instructions, when bwrap is not found', () => {
    const status = sandboxStatus({}, { locateBwrap: notFound });
    expect(status.kind).toBe('missing');
    if (status.kind !== 'missing') return;
    expect(status.detail).toContain('apt-get install bubblewrap');
    expect(status.detail).toContain('dnf install bubblewrap');
    expect(status.detail).toContain('pacman -S bubblewrap');
  });

  it('is disabled only by an explicit opt-out', () => {
    expect(sandboxStatus({}, { sandbox: false, locateBwrap: found })).toEqual({ kind: 'disabled' });
    expect(sandboxStatus({ AGENT_WORKBENCH_SANDBOX: '0' }, { locateBwrap: notFound })).toEqual({
      kind: 'disabled',
    });
    expect(sandboxStatus({ AGENT_WORKBENCH_SANDBOX: 'no' }, { locateBwrap: notFound }).kind).toBe('missing');
  });
});
