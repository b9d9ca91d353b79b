import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { GitChange, GitDiff } from './git-change';
import { closestRepository } from './closest-repository';
import { gitBaseRef } from './git-base-ref';
import { parseNameStatus } from './parse-name-status';
import { type GitRunner, gitRunner } from './run-git';
import { permittedPath, type WorkspaceConfinement } from '../sandbox/workspace-confinement';
import { WorkspaceError } from '../sandbox/workspace-error';

/** Files larger than this are not diffed (the agent server's limit). */
export const MAX_DIFF_FILE_BYTES = 1024 * 1024;

/**
 * What changed in the repository holding `folder` (and in repositories one level below it),
 * relative to `folder`, against the base gitBaseRef picks. [] for a folder that is missing, not a
 * folder or in no repository. Every git call runs confined (see gitRunner). Throws WorkspaceError:
 * `invalid_path`/`path_denied` for the folder, `invalid_ref`, `git_failed` for a ref that names no
 * commit or a git failure, `sandbox_missing`.
 */
export async function gitChanges(
  confinement: WorkspaceConfinement,
  folder: string,
  ref?: string,
): Promise<GitChange[]> {
  checkRef(ref);
  const real = permittedPath(confinement, folder);
  if (!isDirectory(real)) return [];
  const root = closestRepository(real);
  if (root === undefined) return [];
  const outer = await changesIn(await gitRunner(confinement, permittedPath(confinement, root)), real, ref);
  if (outer === undefined) return [];
  const nested = nestedRepositories(real);
  const changes = outer.filter((change) => !nested.some((name) => change.path.startsWith(`${name}/`)));
  for (const name of nested) {
    const inner = await changesIn(
      await gitRunner(confinement, join(real, name)),
      join(real, name),
      ref,
    ).catch(() => undefined);
    for (const change of inner ?? []) changes.push({ status: change.status, path: `${name}/${change.path}` });
  }
  return changes.sort((first, second) => (first.path < second.path ? -1 : first.path > second.path ? 1 : 0));
}

/**
 * One file's text now (`modified`) and at the base (`original`, '' when absent there), as the agent
 * server gives them: lines joined by \n without a final newline, the original trimmed; `modified`
 * is '' for a file that is not UTF-8 text. `{modified: null, original: null}` when the file is in no
 * repository. Throws WorkspaceError `git_failed` for a missing file, a folder or one over 1 MiB, and
 * the errors of gitChanges.
 */
export async function gitDiff(
  confinement: WorkspaceConfinement,
  file: string,
  ref?: string,
): Promise<GitDiff> {
  checkRef(ref);
  const real = permittedPath(confinement, file);
  let size: number;
  try {
    const stat = statSync(real);
    if (!stat.isFile()) throw new WorkspaceError('git_failed', `Not a file: ${file}`);
    size = stat.size;
  } catch (error) {
    if (error instanceof WorkspaceError) throw error;
    throw new WorkspaceError('git_failed', `File does not exist: ${file}`);
  }
  if (size > MAX_DIFF_FILE_BYTES) {
    throw new WorkspaceError(
      'git_failed',
      `File too large for git diff: ${size} bytes (max: ${MAX_DIFF_FILE_BYTES} bytes)`,
    );
  }
  const root = closestRepository(dirname(real));
  if (root === undefined) return { modified: null, original: null };
  const git = await gitRunner(confinement, permittedPath(confinement, root));
  if (!(await git(['rev-parse', '--git-dir'], root)).ok) return { modified: null, original: null };
  const base = await gitBaseRef(git, root, ref);
  const inRepo = relative(root, real).split(sep).join('/');
  const shown = await git(['show', '--no-textconv', '--end-of-options', `${base}:${inRepo}`], root);
  return {
    modified: textLines(readFileSync(real)),
    original: shown.ok ? shown.stdout.trim() : '',
  };
}

async function changesIn(
  git: GitRunner,
  folder: string,
  ref: string | undefined,
): Promise<GitChange[] | undefined> {
  if (!(await git(['rev-parse', '--git-dir'], folder)).ok) return undefined;
  const base = await gitBaseRef(git, folder, ref);
  const diff = await git(
    [
      'diff',
      '--name-status',
      '-z',
      '--relative',
      '--no-ext-diff',
      '--no-textconv',
      '--end-of-options',
      base,
      '--',
    ],
    folder,
  );
  if (!diff.ok)
    throw new WorkspaceError('git_failed', `git diff failed: ${diff.stderr.trim().slice(0, 500)}`);
  const changes = parseNameStatus(diff.stdout);
  const untracked = await git(['ls-files', '--others', '--exclude-standard', '-z'], folder);
  for (const path of untracked.ok ? untracked.stdout.split('\0') : []) {
    if (path !== '') changes.push({ status: 'ADDED', path });
  }
  return changes;
}

/** A ref git would read as an option, or with characters no ref has, is refused before git sees it. */
function checkRef(ref: string | undefined): void {
  if (ref === undefined) return;
  if (ref === '' || ref.startsWith('-') || /[\0-\x20\x7f]/.test(ref) || ref.length > 256) {
    throw new WorkspaceError('invalid_ref', 'ref must be a branch, tag or commit name, not an option');
  }
}

function nestedRepositories(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(folder, entry.name, '.git')))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function textLines(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true })
      .decode(bytes)
      .split(/\r\n|\r|\n/)
      .join('\n')
      .replace(/\n$/, '');
  } catch {
    return '';
  }
}
