import { expect, describe, it } from 'vitest';
import { DEFAULT_SANDBOX_SETTINGS } from '../sandbox/sandbox-settings';
import { workspaceConfinement } from '../sandbox/workspace-confinement';
import { createCheckpointStore } from './create-checkpoint-store';
import {
  dataDir,
  read,
  shadowDir,
  registerCheckpointTestBed,
  requireSandbox,
  workspace,
  write,
} from './testing/checkpoint-test-bed';

registerCheckpointTestBed();

describe('createCheckpointStore without bubblewrap', () => {
  requireSandbox('none');
  const missing = () =>
    workspaceConfinement({
      dataDir,
      sandboxSettings: DEFAULT_SANDBOX_SETTINGS,
      env: { PATH: process.env.PATH },
      locateBwrap: () => undefined,
    });

  it('refuses with sandbox_missing, as runConfined does', async () => {
    write('a.txt', 'a\n');
    const unconfined = createCheckpointStore({ shadowDir, workspaceDir: workspace, confinement: missing() });
    await expect(unconfined.snapshot()).rejects.toMatchObject({ code: 'sandbox_missing' });
  });

  it('works unsandboxed when AGENT_WORKBENCH_SANDBOX=0', async () => {
    const disabled = workspaceConfinement({
      dataDir,
      sandboxSettings: DEFAULT_SANDBOX_SETTINGS,
      env: { PATH: process.env.PATH, AGENT_WORKBENCH_SANDBOX: '0' },
      locateBwrap: () => undefined,
    });
    const unconfined = createCheckpointStore({ shadowDir, workspaceDir: workspace, confinement: disabled });
    write('a.txt', 'a\n');
    const checkpoint = await unconfined.snapshot();
    write('a.txt', 'b\n');
    await unconfined.restore(checkpoint.id);
    expect(read('a.txt')).toBe('a\n');
  });
});
