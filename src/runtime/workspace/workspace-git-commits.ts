import { statSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { z } from 'zod';
import type { GitChange, GitDiff } from './git-change';
import { closestRepository } from './closest-repository';
import { EMPTY_TREE } from './git-base-ref';
import { parseNameStatus } from './parse-name-status';
import { type GitRunner, gitRunner } from './run-git';
import { MAX_DIFF_FILE_BYTES } from './workspace-git';
import { permittedPath, type WorkspaceConfinement } from '../sandbox/workspace-confinement';
import { WorkspaceError } from '../sandbox/workspace-error';

export const GitCommitSchema = z.object({
  sha: z.string(),
  short_sha: z.string(),
  subject: z.string(),
  author: z.string(),
  /** The author date, ISO 8601 with its offset (git's %aI). */
  timestamp: z.string(),
});
export const GitCommitsPageSchema = z.object({ commits: z.array(GitCommitSchema), has_more: z.boolean() });
export type GitCommitsPage = z.infer<typeof GitCommitsPageSchema>;

/** Hex only, so a sha can never reach git's argv as an option (upstream's pattern). */
export const COMMIT_SHA = /^[0-9a-fA-F]{4,64}$/;
/** One commit a line; 0x1f cannot occur in these fields and a subject holds no newline. */
const LOG_FORMAT = '%H%x1f%h%x1f%an%x1f%aI%x1f%s';

/**
 * The newest `limit` commits reachable from HEAD of the repository holding `folder`, newest first,
 * and whether there are more. Empty for a folder in no repository or a branch with no commit yet.
 * git runs confined (gitRunner). Throws WorkspaceError `invalid_path`/`path_denied`, `git_failed`.
 */
export async function gitCommits(
  confinement: WorkspaceConfinement,
  folder: string,
  limit: number,
): Promise<GitCommitsPage> {
  const repository = await openRepository(confinement, folder, 'folder');
  if (repository === undefined) return { commits: [], has_more: false };
  const { git, root } = repository;
  const head = await git(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], root);
  if (!head.ok) return { commits: [], has_more: false };
  const log = await git(
    [
      'log',
      '--no-show-signature',
      `--format=${LOG_FORMAT}`,
      '-n',
      String(limit + 1),
      head.stdout.trim(),
      '--',
    ],
    root,
  );
  if (!log.ok) throw new WorkspaceError('git_failed', `git log failed: ${log.stderr.trim().slice(0, 500)}`);
  const commits = log.stdout
    .split('\n')
    .map((line) => line.split('\x1f'))
    .filter((fields) => fields.length === 5)
    .map(([sha = '', short_sha = '', author = '', timestamp = '', subject = '']) => ({
      sha,
      short_sha,
      subject,
      author,
      timestamp,
    }));
  return { commits: commits.slice(0, limit), has_more: commits.length > limit };
}

/** The files one commit changed against its first parent (a root commit: all ADDED), repository-relative. */
export async function gitCommitChanges(
  confinement: WorkspaceConfinement,
  folder: string,
  sha: string,
): Promise<GitChange[]> {
  const repository = await openRepository(confinement, folder, 'folder');
  if (repository === undefined) return [];
  const { git, root } = repository;
  const [commit, parent] = await commitAndParent(git, root, sha);
  const diff = await git(
    ['diff', '--name-status', '-z', '--no-ext-diff', '--no-textconv', '--no-renames', parent, commit, '--'],
    root,
  );
  if (!diff.ok)
    throw new WorkspaceError('git_failed', `git diff failed: ${diff.stderr.trim().slice(0, 500)}`);
  return parseNameStatus(diff.stdout);
}

/**
 * One file as commit `sha` changed it: `original` at its first parent, `modified` at the commit, both
 * read from git's objects (a file deleted since still shows), '' for a side where it is absent.
 */
export async function gitCommitFileDiff(
  confinement: WorkspaceConfinement,
  file: string,
  sha: string,
): Promise<GitDiff> {
  const repository = await openRepository(confinement, file, 'file');
  if (repository === undefined) return { modified: null, original: null };
  const { git, root, real } = repository;
  const [commit, parent] = await commitAndParent(git, root, sha);
  const inRepository = relative(root, real).split(sep).join('/');
  if (inRepository === '' || inRepository.startsWith('..')) {
    throw new WorkspaceError('git_failed', `File is not within the git repository: ${file}`);
  }
  return {
    original: await blobAt(git, root, parent, inRepository),
    modified: await blobAt(git, root, commit, inRepository),
  };
}

interface Repository {
  git: GitRunner;
  root: string;
  real: string;
}

async function openRepository(
  confinement: WorkspaceConfinement,
  path: string,
  names: 'file' | 'folder',
): Promise<Repository | undefined> {
  const real = permittedPath(confinement, path);
  let start = names === 'file' ? dirname(real) : real;
  if (names === 'folder' && !isDirectory(real)) return undefined;
  // A file deleted since may be asked about: its nearest existing folder decides the repository.
  while (!isDirectory(start) && dirname(start) !== start) start = dirname(start);
  const root = closestRepository(start);
  if (root === undefined) return undefined;
  const git = await gitRunner(confinement, permittedPath(confinement, root));
  if (!(await git(['rev-parse', '--git-dir'], root)).ok) return undefined;
  return { git, root, real };
}

async function commitAndParent(git: GitRunner, root: string, sha: string): Promise<[string, string]> {
  if (!COMMIT_SHA.test(sha)) throw new WorkspaceError('invalid_ref', 'A commit must be 4 to 64 hex digits');
  const commit = await git(['rev-parse', '--verify', '--quiet', `${sha}^{commit}`], root);
  if (!commit.ok) throw new WorkspaceError('git_failed', `No such commit: ${sha}`);
  const full = commit.stdout.trim();
  const parent = await git(['rev-parse', '--verify', '--quiet', `${full}^`], root);
  return [full, parent.ok ? parent.stdout.trim() : EMPTY_TREE];
}

async function blobAt(git: GitRunner, root: string, revision: string, path: string): Promise<string> {
  const size = await git(['cat-file', '-s', `${revision}:${path}`], root);
  if (!size.ok) return '';
  if (Number(size.stdout.trim()) > MAX_DIFF_FILE_BYTES) {
    throw new WorkspaceError('git_failed', `File too large for git diff: ${size.stdout.trim()} bytes`);
  }
  const shown = await git(['show', '--no-textconv', `${revision}:${path}`], root);
  return shown.ok ? shown.stdout : '';
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
