import type { GitRunner } from './run-git';
import { WorkspaceError } from '../sandbox/workspace-error';

/** The hash of the empty tree: the base of a repository with no commits. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/**
 * What a change list or diff compares against, as the agent server picks it for display: the given
 * ref (`HEAD` on an unborn branch falls back to the empty tree; any other ref that does not resolve
 * is WorkspaceError `git_failed`), else the empty tree for a repository without commits, else
 * origin/<branch> (unless it is HEAD with a clean tree), the fork point with origin's default branch,
 * that branch's tip, the fork point with a local main/master, then HEAD. Unlike upstream it never
 * asks the remote (`git remote show` needs the network, which the sandbox does not have).
 */
export async function gitBaseRef(
  git: GitRunner,
  repo: string,
  override: string | undefined,
): Promise<string> {
  if (override !== undefined) {
    const resolved = await revParse(git, repo, `${override}^{commit}`);
    if (resolved !== undefined) return resolved;
    if (override === 'HEAD') return EMPTY_TREE;
    throw new WorkspaceError('git_failed', `The ref ${override} does not name a commit in this repository`);
  }
  const count = await git(['rev-list', '--count', '--all'], repo);
  if (!count.ok || count.stdout.trim() === '0') return EMPTY_TREE;

  const head = await revParse(git, repo, 'HEAD');
  const branchResult = await git(['rev-parse', '--abbrev-ref', 'HEAD'], repo);
  const branch =
    branchResult.ok && branchResult.stdout.trim() !== 'HEAD' ? branchResult.stdout.trim() : undefined;
  if (branch !== undefined) {
    const upstream = await revParse(git, repo, `origin/${branch}`);
    if (upstream !== undefined && !(upstream === head && !(await hasTrackedChanges(git, repo))))
      return upstream;
  }
  const symref = await git(['rev-parse', '--abbrev-ref', 'origin/HEAD'], repo);
  const defaultBranch =
    symref.ok && symref.stdout.trim().startsWith('origin/') ? symref.stdout.trim() : undefined;
  if (defaultBranch !== undefined && defaultBranch !== 'origin/') {
    const forkPoint = await mergeBase(git, repo, defaultBranch);
    if (forkPoint !== undefined) return forkPoint;
    const tip = await revParse(git, repo, defaultBranch);
    if (tip !== undefined) return tip;
  } else {
    for (const local of ['main', 'master']) {
      const localTip = await revParse(git, repo, local);
      if (localTip === undefined) continue;
      if (local !== branch && (await mergeBase(git, repo, local)) === localTip) return localTip;
      break;
    }
  }
  return head ?? EMPTY_TREE;
}

async function revParse(git: GitRunner, repo: string, ref: string): Promise<string | undefined> {
  const result = await git(['rev-parse', '--verify', '--quiet', '--end-of-options', ref], repo);
  const sha = result.stdout.trim();
  return result.ok && /^[0-9a-f]{40,64}$/.test(sha) ? sha : undefined;
}

async function mergeBase(git: GitRunner, repo: string, other: string): Promise<string | undefined> {
  const result = await git(['merge-base', '--end-of-options', 'HEAD', other], repo);
  const sha = result.stdout.trim();
  return result.ok && sha !== '' ? sha : undefined;
}

async function hasTrackedChanges(git: GitRunner, repo: string): Promise<boolean> {
  const result = await git(['status', '--porcelain', '--untracked-files=no'], repo);
  // As upstream: when status fails, keep comparing with the branch's own upstream.
  return !result.ok || result.stdout.trim() !== '';
}
