import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { type HookConfig, HookConfigInputSchema } from '../events';

/** Where a repository ships its hooks: upstream's location. */
export const WORKSPACE_HOOKS_PATH = '.openhands/hooks.json';

/** A hooks file bigger than this is not read. */
const MAX_HOOKS_FILE_BYTES = 256 * 1024;

/** A workspace's hooks file as the person is shown it before accepting. */
export interface WorkspaceHooksFile {
  /** The workspace folder, links resolved: the key its acceptance is stored under. */
  workspace: string;
  exists: boolean;
  /** The file's text, as accepting it accepts it. */
  content?: string;
  sha256?: string;
  /** The hooks it configures, when it reads as a hook config. */
  config?: HookConfig;
  /** Why it cannot be used (not readable, too big, a link out of the workspace, not a hook config). */
  problem?: string;
}

/**
 * Reads `<workspace>/.openhands/hooks.json`, confined to the workspace: a file (or a folder on the
 * way) that links out of it is refused, like the editor's rule. Never throws. The repository is
 * untrusted: nothing read here runs until the person accepted exactly this content.
 */
export function readWorkspaceHooksFile(workspaceDir: string): WorkspaceHooksFile {
  let workspace: string;
  try {
    workspace = realpathSync(workspaceDir);
  } catch {
    return { workspace: workspaceDir, exists: false };
  }
  const path = join(workspace, WORKSPACE_HOOKS_PATH);
  try {
    // Most workspaces have none: say so without building an error.
    const info = lstatSync(path, { throwIfNoEntry: false });
    if (!info) return { workspace, exists: false };
    const real = realpathSync(path);
    if (!real.startsWith(workspace + sep) || info.isSymbolicLink() || !info.isFile())
      return {
        workspace,
        exists: true,
        problem: `${WORKSPACE_HOOKS_PATH} is not a plain file inside the workspace`,
      };
    if (info.size > MAX_HOOKS_FILE_BYTES)
      return {
        workspace,
        exists: true,
        problem: `${WORKSPACE_HOOKS_PATH} is larger than ${MAX_HOOKS_FILE_BYTES} bytes`,
      };
    const content = readFileSync(real, 'utf8');
    const sha256 = createHash('sha256').update(content).digest('hex');
    return { workspace, exists: true, content, sha256, ...parsed(content) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { workspace, exists: false };
    return { workspace, exists: true, problem: `${WORKSPACE_HOOKS_PATH} cannot be read` };
  }
}

/**
 * The workspace's hooks when the person accepted the file exactly as it is now; else none. Asked
 * before every step: with no file accepted anywhere there is nothing to read.
 */
export function acceptedWorkspaceHooks(
  workspaceDir: string,
  accepted: Readonly<Record<string, string>> | undefined,
): HookConfig | undefined {
  if (!accepted || Object.keys(accepted).length === 0) return undefined;
  const file = readWorkspaceHooksFile(workspaceDir);
  if (!file.config || !file.sha256) return undefined;
  return accepted?.[file.workspace] === file.sha256 ? file.config : undefined;
}

function parsed(content: string): { config?: HookConfig; problem?: string } {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { problem: `${WORKSPACE_HOOKS_PATH} is not JSON` };
  }
  const result = HookConfigInputSchema.safeParse(json);
  if (!result.success)
    return {
      problem: `${WORKSPACE_HOOKS_PATH} is not a hook config: ${result.error.issues[0]?.message ?? 'invalid'}`,
    };
  return { config: result.data };
}
