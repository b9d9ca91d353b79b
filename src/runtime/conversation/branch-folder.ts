import { existsSync, realpathSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { closestRepository } from '../workspace/closest-repository';
import { BRANCHES_SUFFIX, WORKTREES_SUFFIX } from '../sandbox/branch-folder-names';
import { runConfined } from '../sandbox/run-confined';
import { SAFE_CONFIG, SAFE_ENV } from '../workspace/run-git';
import type { WorkspaceConfinement } from '../sandbox/workspace-confinement';
import type { RuntimeLogger } from '../logging/runtime-logger';
import { type RemoveFolderOptions, removeFolderWithoutLinks } from './remove-folder-without-links';
import { RUNTIME_ERRORS, RuntimeError } from '../errors/runtime-error';

const GIT_TIMEOUT_MS = 120_000;
const GIT_OUTPUT_BYTES = 1024 * 1024;

export interface BranchFolder {
  /** The folder the fork owns (a git worktree of the workspace's repository, or a plain folder). */
  folder: string;
  /** The fork's workspace: the folder, or the same sub-folder of it the source worked in. */
  workspaceDir: string;
}

/**
 * `<parent>/<workspace name>.branches/<short id>` (the id's first 8 hex digits, all 32 when those are
 * taken): beside the workspace, never inside the data dir.
 */
export function branchFolderPath(workspaceDir: string, forkId: string, suffix = BRANCHES_SUFFIX): string {
  const hex = forkId.replaceAll('-', '');
  const short = join(branchesDir(workspaceDir, suffix), hex.slice(0, 8));
  return existsSync(short) || existsSync(`${short}.incoming`)
    ? join(branchesDir(workspaceDir, suffix), hex)
    : short;
}

function branchesDir(folder: string, suffix: string): string {
  return join(dirname(folder), `${basename(folder)}${suffix}`);
}

/** True for a folder createConversationWorktree made: the conversation owns it and it goes with it. */
export function isConversationWorktree(folder: string): boolean {
  return basename(dirname(folder)).endsWith(WORKTREES_SUFFIX);
}

/**
 * A new conversation's own git worktree of the repository holding `workspaceDir` (upstream's
 * `worktree: true`): `<parent>/<repository>.worktrees/<short id>` on a new branch
 * `openhands/<conversation id>` from the repository's HEAD, its workspace the same sub-folder the
 * person named. git runs in the sandbox with the repository's hooks, monitors and filters disabled and
 * no network; it writes the branch and the worktree's registration into the repository, nothing else.
 * Throws RuntimeError `worktree_not_a_repository` for a folder in no repository (or one with no commit
 * yet), `branch_folder_failed` when git refuses; on failure nothing is left behind.
 */
export async function createConversationWorktree(
  confinement: WorkspaceConfinement,
  workspaceDir: string,
  conversationId: string,
): Promise<BranchFolder & { branch: string }> {
  const source = realpathSync(workspaceDir);
  // git in the sandbox sees only the folder it is given: ask it in the repository's own top folder.
  const top = closestRepository(source);
  const repository = top === undefined ? undefined : await repositoryOf(confinement, top);
  if (!repository || (source !== repository.toplevel && !source.startsWith(`${repository.toplevel}${sep}`))) {
    throw new RuntimeError('worktree_not_a_repository');
  }
  const root = repository.toplevel;
  const folder = branchFolderPath(root, conversationId, WORKTREES_SUFFIX);
  const parent = dirname(folder);
  await mkdir(parent, { recursive: true });
  if (existsSync(folder)) throw new RuntimeError('branch_folder_failed', `${folder} already exists`);
  const branch = `openhands/${conversationId}`;
  const added = await git(confinement, root, parent, ['worktree', 'add', '-q', '-b', branch, folder, 'HEAD']);
  if (!added.ok) {
    await removeBranchFolder(confinement, folder).catch(() => undefined);
    throw new RuntimeError(
      'branch_folder_failed',
      `git worktree add failed: ${added.stderr.trim().slice(0, 500)}`,
    );
  }
  const sub = relative(root, source);
  const workspace = sub === '' ? folder : join(folder, sub);
  await mkdir(workspace, { recursive: true });
  return { folder, workspaceDir: workspace, branch };
}

/**
 * Makes a fork its own folder holding `materialize`'s files. When the source workspace is in a git
 * repository: a detached `git worktree add --no-checkout` of it (which registers the worktree in the
 * repository's `.git/worktrees`, the one write to the user's repository), its index reset to HEAD,
 * the files written over it; otherwise a plain folder. git runs in the sandbox with the repository's
 * hooks, monitors and filters disabled, and no network. On failure nothing is left behind.
 */
export async function createBranchFolder(options: {
  confinement: WorkspaceConfinement;
  sourceWorkspace: string;
  forkId: string;
  /** Writes the files into `target` (a new folder). */
  materialize(target: string): Promise<void>;
}): Promise<BranchFolder> {
  const source = realpathSync(options.sourceWorkspace);
  const repository = await repositoryOf(options.confinement, source);
  const root = repository?.toplevel ?? source;
  const folder = branchFolderPath(root, options.forkId);
  const parent = dirname(folder);
  await mkdir(parent, { recursive: true });
  if (existsSync(folder)) throw new Error(`${folder} already exists`);
  const staging = `${folder}.incoming`;
  try {
    if (!repository) {
      await options.materialize(folder);
      return { folder, workspaceDir: folder };
    }
    const added = await git(options.confinement, root, parent, [
      'worktree',
      'add',
      '--no-checkout',
      '--detach',
      folder,
    ]);
    if (!added.ok) throw new Error(`git worktree add failed: ${added.stderr.trim()}`);
    const sub = relative(root, source);
    const workspaceDir = sub === '' ? folder : join(folder, sub);
    await options.materialize(staging);
    await mkdir(workspaceDir, { recursive: true });
    for (const entry of await readdir(staging)) await rename(join(staging, entry), join(workspaceDir, entry));
    const reset = await git(
      options.confinement,
      root,
      parent,
      ['-C', folder, 'reset', '-q', '--no-refresh'],
      folder,
    );
    if (!reset.ok) throw new Error(`git reset in the branch folder failed: ${reset.stderr.trim()}`);
    return { folder, workspaceDir };
  } catch (error) {
    // The folder was made a moment ago by this call; a failure to tidy it must not hide why it failed.
    await removeBranchFolder(options.confinement, folder).catch(() => undefined);
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Deletes a fork's own folder and, when it was a worktree, its registration in the repository it
 * came from (`git worktree prune` there). Refuses any folder that is not a branch folder
 * (`<x>.branches/<name>`) or a conversation's worktree (`<x>.worktrees/<name>`), so the original workspace can never be deleted by it. Throws RuntimeError
 * `branch_folder_not_removed` when it cannot be deleted without following a link (see
 * removeFolderWithoutLinks); the registration is then left for a later try.
 */
export async function removeBranchFolder(
  confinement: WorkspaceConfinement,
  folder: string,
  logger?: RuntimeLogger,
  options: RemoveFolderOptions = {},
): Promise<void> {
  const parent = dirname(folder);
  const suffix = [BRANCHES_SUFFIX, WORKTREES_SUFFIX].find((ending) => basename(parent).endsWith(ending));
  if (!isAbsolute(folder) || suffix === undefined || basename(folder) === '') {
    throw new Error(`${folder} is not a branch folder`);
  }
  // An agent sharing the folder may swap its sub-folders for links while this runs: a path-based
  // recursive delete would then read and delete the links' targets.
  const removal = await removeFolderWithoutLinks(folder, options);
  if (!removal.ok) {
    throw new RuntimeError(
      'branch_folder_not_removed',
      `${RUNTIME_ERRORS.branch_folder_not_removed} (${removal.reason.replaceAll('-', ' ')}: ${removal.path})`,
    );
  }
  const origin = join(dirname(parent), basename(parent).slice(0, -suffix.length));
  if (!existsSync(origin)) return;
  const repository = await repositoryOf(confinement, origin).catch(() => undefined);
  if (!repository) return;
  const pruned = await git(confinement, repository.toplevel, undefined, ['worktree', 'prune']);
  if (!pruned.ok) logger?.warn(`git worktree prune in ${origin} failed: ${pruned.stderr.trim()}`);
}

/** The repository `folder` is in (read-only, in the sandbox); undefined for none or an empty one. */
async function repositoryOf(
  confinement: WorkspaceConfinement,
  folder: string,
): Promise<{ toplevel: string } | undefined> {
  const result = await runConfined(confinement, {
    argv: ['git', '--no-pager', 'rev-parse', '--show-toplevel', '--verify', '-q', 'HEAD'],
    workspaceDir: folder,
    cwd: folder,
    readOnly: true,
    timeoutMs: GIT_TIMEOUT_MS,
    maxOutputBytes: GIT_OUTPUT_BYTES,
    env: safeEnv(),
  });
  if (result.exitCode !== 0) return undefined;
  const toplevel = result.stdout.split('\n')[0]?.trim() ?? '';
  if (!isAbsolute(toplevel)) return undefined;
  const real = realpathSync(toplevel);
  // Only the workspace itself or a repository that holds it: never one the folder merely points at.
  if (real !== folder && !folder.startsWith(`${real}${sep}`)) return undefined;
  return { toplevel: real };
}

/** git with the repository `root` writable and, when given, `extra` too (the branches folder). */
async function git(
  confinement: WorkspaceConfinement,
  root: string,
  extra: string | undefined,
  args: readonly string[],
  cwd: string = root,
) {
  const result = await runConfined(confinement, {
    argv: ['git', '--no-pager', ...args],
    workspaceDir: root,
    cwd: extra && cwd !== root ? root : cwd,
    timeoutMs: GIT_TIMEOUT_MS,
    maxOutputBytes: GIT_OUTPUT_BYTES,
    env: safeEnv(),
    ...(extra ? { extraBinds: [{ host: extra, sandbox: realpathSync(extra), writable: true }] } : {}),
  });
  return { ok: result.exitCode === 0, stderr: result.stderr };
}

function safeEnv(): Record<string, string> {
  const env: Record<string, string> = { ...SAFE_ENV, GIT_CONFIG_COUNT: String(SAFE_CONFIG.length) };
  SAFE_CONFIG.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return env;
}
