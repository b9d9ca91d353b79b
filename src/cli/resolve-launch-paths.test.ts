import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveLaunchPaths } from './resolve-launch-paths';

const context = { env: {}, cwd: tmpdir(), homeDir: '/home/person' };

describe('resolveLaunchPaths', () => {
  it('defaults to ~/.agent-workbench and the current folder', async () => {
    expect(await resolveLaunchPaths({ dataDir: undefined, workspace: undefined }, context)).toEqual({
      ok: true,
      dataDir: '/home/person/.agent-workbench',
      workspace: tmpdir(),
    });
  });

  it('takes AGENT_WORKBENCH_DATA_DIR, and --data-dir over it, relative to the cwd', async () => {
    const env = { AGENT_WORKBENCH_DATA_DIR: '/srv/wb' };
    const fromEnv = await resolveLaunchPaths(
      { dataDir: undefined, workspace: undefined },
      { ...context, env },
    );
    expect(fromEnv.ok && fromEnv.dataDir).toBe('/srv/wb');
    const fromFlag = await resolveLaunchPaths({ dataDir: 'data', workspace: undefined }, { ...context, env });
    expect(fromFlag.ok && fromFlag.dataDir).toBe(join(tmpdir(), 'data'));
  });

  it('refuses a workspace that does not exist', async () => {
    const result = await resolveLaunchPaths({ dataDir: undefined, workspace: 'no-such-folder-xyz' }, context);
    expect(result).toEqual({
      ok: false,
      message: `workspace ${join(tmpdir(), 'no-such-folder-xyz')} is not an existing folder; pass --workspace with a folder`,
    });
  });
});
