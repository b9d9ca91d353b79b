import { join, relative } from 'node:path';
import { GIT_CONTROL_ENTRIES } from '../security/git-control-path';
import type { HostView } from './host-view';
import { isInside } from './toolchain-roots';

/** How many folders below the workspace are searched for repositories (a workspace of projects). */
const SEARCH_DEPTH = 3;
/** A bound on the search, so a huge workspace costs a few milliseconds, not seconds. */
const MAX_FOLDERS_SEARCHED = 2_000;
/** Folder names never searched: dependencies, not the person's repositories. */
const SKIPPED_FOLDERS = new Set(['node_modules']);
/** How deep submodule names nest under `.git/modules` (a name may hold slashes). */
const MODULE_DEPTH = 4;
/** Created empty and read-only when missing: git works without them, so an empty one changes nothing. */
const CREATED_WHEN_MISSING = new Set(['hooks', 'info']);

interface Plan {
  workspace: string;
  destination: string;
  args: string[];
  remounts: string[];
}

/**
 * bwrap arguments, to follow the writable workspace bind, that keep what the person's own git runs
 * out of the agent's reach: every repository found in the workspace (its root and folders up to
 * SEARCH_DEPTH below, submodules and linked worktrees) gets its git directory bound onto itself, so
 * it cannot be renamed or removed and replaced, and its config, config.worktree, hooks, info and
 * commondir bound read-only; a `.git` file (the pointer to a git directory) is bound read-only.
 * Git keeps working: objects, refs, the index and logs stay writable. A git directory whose control
 * entry is a symbolic link (which a bind cannot pin) is bound read-only as a whole.
 * `--remount-ro` arguments come last. Paths are the host's real ones, shown at `workspaceDir`.
 */
export function gitProtectionArgs(workspaceDir: string, host: HostView): string[] {
  const plan: Plan = {
    workspace: host.realPath(workspaceDir),
    destination: workspaceDir,
    args: [],
    remounts: [],
  };
  for (const folder of foldersToSearch(plan.workspace, host)) {
    const dotGit = join(folder, '.git');
    const found = host.kind(dotGit);
    if (found.kind === 'directory') protectGitDirectory(dotGit, host, plan);
    else if (found.kind === 'file') bind(plan, '--ro-bind', dotGit);
    else if (found.kind === 'symlink') {
      // The link itself can be swapped (nothing pins a link); what it points to in the workspace is kept.
      const target = host.realPath(dotGit);
      if (isInside(target, plan.workspace) && host.kind(target).kind === 'directory')
        protectGitDirectory(target, host, plan);
    }
  }
  return [...plan.args, ...plan.remounts];
}

/** The workspace and its folders down to SEARCH_DEPTH, breadth first, no hidden ones, links not followed. */
function foldersToSearch(workspace: string, host: HostView): string[] {
  const found: string[] = [];
  let level = [workspace];
  for (let depth = 0; depth <= SEARCH_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const folder of level) {
      if (found.length >= MAX_FOLDERS_SEARCHED) return found;
      found.push(folder);
      if (depth === SEARCH_DEPTH) continue;
      for (const name of host.subdirectories(folder)) {
        if (!name.startsWith('.') && !SKIPPED_FOLDERS.has(name)) next.push(join(folder, name));
      }
    }
    level = next;
  }
  return found;
}

function protectGitDirectory(gitDir: string, host: HostView, plan: Plan): void {
  const kinds = GIT_CONTROL_ENTRIES.map((name) => ({ name, kind: host.kind(join(gitDir, name)).kind }));
  if (kinds.some((entry) => entry.kind === 'symlink')) {
    bind(plan, '--ro-bind', gitDir);
    return;
  }
  bind(plan, '--bind', gitDir);
  for (const { name, kind } of kinds) {
    const path = join(gitDir, name);
    if (kind === 'file' || kind === 'directory') bind(plan, '--ro-bind', path);
    else if (kind === 'missing' && CREATED_WHEN_MISSING.has(name)) {
      plan.args.push('--tmpfs', destinationOf(plan, path));
      plan.remounts.push('--remount-ro', destinationOf(plan, path));
    }
  }
  for (const module of moduleGitDirectories(join(gitDir, 'modules'), host, MODULE_DEPTH))
    protectGitDirectory(module, host, plan);
  for (const name of host.subdirectories(join(gitDir, 'worktrees')))
    protectWorktreeDirectory(join(gitDir, 'worktrees', name), host, plan);
}

/** A linked worktree's private folder: its commondir names the repository whose config and hooks it uses. */
function protectWorktreeDirectory(directory: string, host: HostView, plan: Plan): void {
  const entries = ['commondir', 'config.worktree'].map((name) => join(directory, name));
  if (entries.some((path) => host.kind(path).kind === 'symlink')) {
    bind(plan, '--ro-bind', directory);
    return;
  }
  bind(plan, '--bind', directory);
  for (const path of entries) if (host.kind(path).kind === 'file') bind(plan, '--ro-bind', path);
}

/** Submodule git directories under `.git/modules`: folders with a HEAD, at any depth up to `depth`. */
function moduleGitDirectories(folder: string, host: HostView, depth: number): string[] {
  if (depth === 0) return [];
  return host.subdirectories(folder).flatMap((name) => {
    const path = join(folder, name);
    return host.kind(join(path, 'HEAD')).kind === 'file'
      ? [path]
      : moduleGitDirectories(path, host, depth - 1);
  });
}

function bind(plan: Plan, flag: '--bind' | '--ro-bind', path: string): void {
  plan.args.push(flag, path, destinationOf(plan, path));
}

function destinationOf(plan: Plan, path: string): string {
  return join(plan.destination, relative(plan.workspace, path));
}
