import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_SETTINGS } from '../sandbox/sandbox-settings';
import { EMPTY_TREE } from './git-base-ref';
import { type WorkspaceConfinement, workspaceConfinement } from '../sandbox/workspace-confinement';
import { gitCommitChanges, gitCommitFileDiff, gitCommits } from './workspace-git-commits';
import { gitChanges, gitDiff } from './workspace-git';
import { requireExecutable } from '../sandbox/testing/require-executable';
import { createDockerSandboxes } from '../sandbox/docker/docker-sandboxes';
import { requireDocker } from '../sandbox/docker/testing/require-docker';
import { DEFAULT_SANDBOX_IMAGE } from '../sandbox/sandbox-kind';

const SESSION_KEY = 'awb-session-key-do-not-leak-77aa11';

let root: string;
let dataDir: string;
let outside: string;
let sandboxed: WorkspaceConfinement;
let unconfined: WorkspaceConfinement;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString();

function newRepo(name: string, files: Record<string, string | Buffer> = {}, commit = true): string {
  const repo = join(root, name);
  mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'config', 'user.email', 't@example.com');
  git(repo, 'config', 'user.name', 'Test');
  for (const [path, content] of Object.entries(files)) writeFileSync(join(repo, path), content);
  if (commit && Object.keys(files).length > 0) {
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'first');
  }
  return repo;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'awb-git-'));
  dataDir = join(root, 'data');
  outside = join(root, 'outside');
  mkdirSync(dataDir);
  mkdirSync(outside);
  writeFileSync(join(dataDir, 'session-key'), SESSION_KEY);
  sandboxed = workspaceConfinement({
    dataDir,
    sandboxSettings: DEFAULT_SANDBOX_SETTINGS,
    env: { PATH: process.env.PATH },
  });
  unconfined = workspaceConfinement({
    dataDir,
    sandboxSettings: DEFAULT_SANDBOX_SETTINGS,
    env: { PATH: process.env.PATH, AGENT_WORKBENCH_SANDBOX: '0' },
  });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A repository whose config runs a script (fsmonitor, a clean filter, ext diff, textconv, pager) that leaks. */
function hostileRepo(name: string): { repo: string; markers: string[] } {
  const repo = newRepo(name, { 'a.txt': 'one\n', '.gitattributes': '* filter=evil diff=evil\n' });
  const marker = join(outside, `${name}-ran`);
  const inside = join(repo, 'inside-ran');
  const script = join(repo, 'evil.sh');
  writeFileSync(
    script,
    `#!/bin/sh\necho ran > ${marker}\necho ran > ${inside}\ncat ${dataDir}/session-key\ncat ${dataDir}/session-key >&2\ncat\n`,
  );
  chmodSync(script, 0o755);
  for (const [key, value] of [
    ['core.fsmonitor', script],
    ['filter.evil.clean', script],
    ['filter.evil.smudge', script],
    ['filter.evil.required', 'true'],
    ['diff.external', script],
    ['diff.evil.textconv', script],
    ['diff.evil.command', script],
    ['core.pager', script],
    ['core.hooksPath', repo],
  ]) {
    git(repo, 'config', key as string, value as string);
  }
  writeFileSync(join(repo, 'a.txt'), 'two\n');
  writeFileSync(join(repo, 'b.txt'), 'new\n');
  return { repo, markers: [marker, inside] };
}

/** The docker sandbox's confinement: each git call in a container of its own (the test folders are the runtime's own). */
async function inContainers(): Promise<WorkspaceConfinement> {
  const docker = await requireDocker();
  const runner = createDockerSandboxes({
    dataDir,
    image: () => DEFAULT_SANDBOX_IMAGE,
    ownWorkspaces: () => [root],
    docker,
  }).runner({ maxProcesses: 256, maxMemoryMb: 2048 }, undefined);
  return workspaceConfinement({
    dataDir,
    sandboxSettings: DEFAULT_SANDBOX_SETTINGS,
    env: { PATH: process.env.PATH },
    runner,
  });
}

describe.each([
  ['sandboxed', async () => sandboxed, true],
  ['docker (a container per call)', inContainers, false],
  ['unconfined (defensive flags alone)', async () => unconfined, false],
])('a hostile repository, %s', (label, confinementOf, needsBwrap) => {
  it('runs none of its programs and answers no data-dir bytes', async () => {
    if (needsBwrap) requireExecutable('bwrap', 'bubblewrap');
    const confined = await confinementOf();
    const confinement = () => confined;
    const { repo, markers } = hostileRepo(`hostile-${label.split(' ')[0]}`);
    const changes = await gitChanges(confinement(), repo);
    const diff = await gitDiff(confinement(), join(repo, 'a.txt'));
    const commits = await gitCommits(confinement(), repo, 5);
    const head = commits.commits[0]?.sha ?? '';
    const commitChanges = await gitCommitChanges(confinement(), repo, head);
    const commitDiff = await gitCommitFileDiff(confinement(), join(repo, 'a.txt'), head);
    const answers = JSON.stringify([changes, diff, commits, commitChanges, commitDiff]);
    for (const marker of markers) expect(existsSync(marker)).toBe(false);
    expect(commits.commits).toHaveLength(1);
    expect(commitChanges).toContainEqual({ status: 'ADDED', path: 'a.txt' });
    expect(answers).not.toContain(SESSION_KEY);
    expect(changes).toContainEqual({ status: 'UPDATED', path: 'a.txt' });
    expect(diff).toEqual({ modified: 'two', original: 'one' });
    // A container per git call: slower than bwrap on a busy machine, never wrong.
  }, 120_000);
});

describe('a repository redirected into the data dir', () => {
  beforeAll(() => {
    requireExecutable('bwrap', 'bubblewrap');
  });
  it('a .git file pointing at a repository in the data dir reads nothing of it', async () => {
    const hidden = newRepo('hidden-src', { 'secret.txt': `${SESSION_KEY}\n` });
    renameSync(hidden, join(dataDir, 'hidden'));
    const decoy = join(root, 'decoy');
    mkdirSync(decoy);
    writeFileSync(join(decoy, '.git'), `gitdir: ${join(dataDir, 'hidden', '.git')}\n`);
    writeFileSync(join(decoy, 'secret.txt'), 'changed\n');
    const changes = await gitChanges(sandboxed, decoy);
    const diff = await gitDiff(sandboxed, join(decoy, 'secret.txt'));
    const commits = await gitCommits(sandboxed, decoy, 5);
    expect(changes).toEqual([]);
    expect(diff).toEqual({ modified: null, original: null });
    expect(commits).toEqual({ commits: [], has_more: false });
    expect(JSON.stringify([changes, diff, commits])).not.toContain(SESSION_KEY);
  });
});

describe('gitChanges and gitDiff in the sandbox', () => {
  beforeAll(() => {
    requireExecutable('bwrap', 'bubblewrap');
  });
  it('lists updated, added, deleted, renamed and untracked files against HEAD', async () => {
    const repo = newRepo('statuses', {
      'keep.txt': 'k\n',
      'edit.txt': 'a\n',
      'gone.txt': 'g\n',
      'old.txt': 'rename me please\n',
    });
    writeFileSync(join(repo, 'edit.txt'), 'b\n');
    rmSync(join(repo, 'gone.txt'));
    git(repo, 'mv', 'old.txt', 'new.txt');
    writeFileSync(join(repo, 'untracked.txt'), 'u\n');
    writeFileSync(join(repo, 'staged.txt'), 's\n');
    git(repo, 'add', 'staged.txt');
    expect(await gitChanges(sandboxed, repo)).toEqual([
      { status: 'UPDATED', path: 'edit.txt' },
      { status: 'DELETED', path: 'gone.txt' },
      { status: 'ADDED', path: 'new.txt' },
      { status: 'DELETED', path: 'old.txt' },
      { status: 'ADDED', path: 'staged.txt' },
      { status: 'ADDED', path: 'untracked.txt' },
    ]);
  });

  it('a repository with no commits lists every file as added; its diff has an empty original', async () => {
    const repo = newRepo('unborn', { 'a.txt': 'x\n' }, false);
    expect(await gitChanges(sandboxed, repo)).toEqual([{ status: 'ADDED', path: 'a.txt' }]);
    expect(await gitDiff(sandboxed, join(repo, 'a.txt'))).toEqual({ modified: 'x', original: '' });
    expect(await gitChanges(sandboxed, repo, 'HEAD')).toEqual([{ status: 'ADDED', path: 'a.txt' }]);
  });

  it('a folder in no repository and a missing folder give []; a file outside any repository a null diff', async () => {
    const plain = join(root, 'plain');
    mkdirSync(plain);
    writeFileSync(join(plain, 'f.txt'), 'f');
    expect(await gitChanges(sandboxed, plain)).toEqual([]);
    expect(await gitChanges(sandboxed, join(root, 'missing'))).toEqual([]);
    expect(await gitDiff(sandboxed, join(plain, 'f.txt'))).toEqual({ modified: null, original: null });
  });

  it('a missing file, a folder or a file over 1 MiB is git_failed; an option-like ref invalid_ref; an unknown ref git_failed', async () => {
    const repo = newRepo('errors', { 'a.txt': 'a\n' });
    writeFileSync(join(repo, 'big.txt'), Buffer.alloc(1024 * 1024 + 1, 97));
    await expect(gitDiff(sandboxed, join(repo, 'nope.txt'))).rejects.toMatchObject({ code: 'git_failed' });
    await expect(gitDiff(sandboxed, join(repo, 'big.txt'))).rejects.toMatchObject({ code: 'git_failed' });
    await expect(gitChanges(sandboxed, repo, '--output=/tmp/x')).rejects.toMatchObject({
      code: 'invalid_ref',
    });
    await expect(gitChanges(sandboxed, repo, 'no-such-branch')).rejects.toMatchObject({ code: 'git_failed' });
    await expect(gitChanges(sandboxed, 'relative/path')).rejects.toMatchObject({ code: 'invalid_path' });
    await expect(gitChanges(sandboxed, dataDir)).rejects.toMatchObject({ code: 'path_denied' });
  });

  it('a binary file has an empty modified text; an explicit ref is compared against', async () => {
    const repo = newRepo('binary', { 'a.txt': 'v1\n' });
    const first = git(repo, 'rev-parse', 'HEAD').trim();
    writeFileSync(join(repo, 'a.txt'), 'v2\n');
    git(repo, 'commit', '-qam', 'second');
    writeFileSync(join(repo, 'bin.dat'), Buffer.from([0xff, 0xfe, 0x00, 0x80]));
    expect((await gitDiff(sandboxed, join(repo, 'bin.dat'))).modified).toBe('');
    expect(await gitDiff(sandboxed, join(repo, 'a.txt'), first)).toEqual({ modified: 'v2', original: 'v1' });
    expect(await gitChanges(sandboxed, repo, first)).toContainEqual({ status: 'UPDATED', path: 'a.txt' });
    expect(await gitChanges(sandboxed, repo, 'HEAD')).toEqual([{ status: 'ADDED', path: 'bin.dat' }]);
  });

  it('includes repositories one level down, with their folder as prefix', async () => {
    const outer = newRepo('outer', { 'o.txt': 'o\n' });
    const inner = join(outer, 'inner');
    renameSync(newRepo('inner-src', { 'i.txt': 'i\n' }), inner);
    writeFileSync(join(inner, 'i.txt'), 'changed\n');
    expect(await gitChanges(sandboxed, outer)).toEqual([{ status: 'UPDATED', path: 'inner/i.txt' }]);
  });

  it('uses the empty tree constant git knows', () => {
    expect(git(root, 'hash-object', '-t', 'tree', '/dev/null').trim()).toBe(EMPTY_TREE);
  });
});
