import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export type LaunchPaths = { ok: true; dataDir: string; workspace: string } | { ok: false; message: string };

/**
 * Data dir: --data-dir, else AGENT_WORKBENCH_DATA_DIR, else ~/.agent-workbench. Workspace: --workspace,
 * else the folder the launcher was started in; it must exist (the agent works in it, we never create it).
 */
export async function resolveLaunchPaths(
  flags: { dataDir: string | undefined; workspace: string | undefined },
  context: { env: NodeJS.ProcessEnv; cwd: string; homeDir: string },
): Promise<LaunchPaths> {
  const dataDir = resolve(
    context.cwd,
    flags.dataDir ?? (context.env.AGENT_WORKBENCH_DATA_DIR || join(context.homeDir, '.agent-workbench')),
  );
  const workspace = resolve(context.cwd, flags.workspace ?? '.');
  const info = await stat(workspace).catch(() => undefined);
  if (!info?.isDirectory()) {
    return {
      ok: false,
      message: `workspace ${workspace} is not an existing folder; pass --workspace with a folder`,
    };
  }
  return { ok: true, dataDir, workspace };
}
