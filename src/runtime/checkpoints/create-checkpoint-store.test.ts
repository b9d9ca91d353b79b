import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_SETTINGS } from '../settings/sandbox-settings';
import { type WorkspaceConfinement, workspaceConfinement } from '../sandbox/workspace-confinement';
import { WorkspaceError } from '../sandbox/workspace-error';
import type { CheckpointStore } from './checkpoint-store';
import { createCheckpointStore } from './create-checkpoint-store';
import { UnknownCheckpointError } from './unknown-checkpoint-error';
import { requireExecutable } from '../sandbox/testing/require-executable';
import { chownTree, FALLBACK_CONTAINER_USER } from '../sandbox/docker/container-user';
import { createDockerSandboxes } from '../sandbox/docker/docker-sandboxes';
import { requireDocker } from '../sandbox/docker/testing/require-docker';
import { DEFAULT_SANDBOX_IMAGE } from '../sandbox/sandbox-kind';

let root: string;
let dataDir: string;
let workspace: string;
let outside: string;
let shadowDir: string;
let confinement: WorkspaceConfinement;
let store: CheckpointStore;
/** Set while the docker variant of the suite runs. */
let docker: Docker | undefined;

function write(path: string, content: string | Buffer) {
  const full = join(workspace, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, content);
}
const read = (path: string) => readFileSync(join(workspace, path), 'utf8');
const exists = (path: string) => existsSync(join(workspace, path));

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
      // The docker variant hands the workspace to uid 1000; this git (root) still reads it.
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'safe.directory',
      GIT_CONFIG_VALUE_0: '*',
    },
  });
}

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'awb-checkpoints-'));
  dataDir = join(root, 'data');
  workspace = join(root, 'workspace');
  outside = join(root, 'outside');
  for (const dir of [dataDir, workspace, outside]) mkdirSync(dir);
  writeFileSync(join(dataDir, 'session-key'), 'awb-session-key-do-not-leak');
  shadowDir = join(dataDir, 'checkpoints', 'c0ffee');
  // On docker, git runs in a container per call; the root-owned test folders are the runtime's own.
  const runner = docker
    ? createDockerSandboxes({
        dataDir,
        image: () => DEFAULT_SANDBOX_IMAGE,
        ownWorkspaces: () => [root],
        docker,
      }).runner({ maxProcesses: 256, maxMemoryMb: 2048 }, undefined)
    : undefined;
  confinement = workspaceConfinement({
    dataDir,
    sandboxSettings: { ...DEFAULT_SANDBOX_SETTINGS, max_processes: 256 },
    env: { PATH: process.env.PATH },
    ...(runner === undefined ? {} : { runner }),
  });
  store = createCheckpointStore({ shadowDir, workspaceDir: workspace, confinement });
});

afterEach(async () => {
  rmSync(root, { recursive: true, force: true });
});

describe.each(['bubblewrap', 'docker'] as const)('createCheckpointStore (%s, real git)', (kind) => {
  beforeAll(async () => {
    if (kind === 'bubblewrap') requireExecutable('bwrap', 'bubblewrap');
    docker = kind === 'docker' ? await requireDocker() : undefined;
  });
  it('snapshots the workspace into a shadow repository in the data dir and reports changes to now', async () => {
    write('a.txt', 'one\n');
    write('src/b.txt', 'bee\n');
    const first = await store.snapshot();
    expect(first.id).toMatch(/^[0-9a-f]{40}$/);
    expect(first.skipped).toEqual([]);
    expect(existsSync(join(shadowDir, 'HEAD'))).toBe(true);
    expect(existsSync(join(workspace, '.git'))).toBe(false);
    expect(await store.changes(first.id, 'now')).toEqual([]);

    write('a.txt', 'one\ntwo\n');
    write('new.txt', 'fresh\n');
    unlinkSync(join(workspace, 'src/b.txt'));
    const changes = await store.changes(first.id, 'now');
    expect(changes).toEqual(
      expect.arrayContaining([
        { path: 'a.txt', status: 'modified', binary: false, additions: 1, deletions: 0 },
        { path: 'new.txt', status: 'added', binary: false, additions: 1, deletions: 0 },
        { path: 'src/b.txt', status: 'deleted', binary: false, additions: 0, deletions: 1 },
      ]),
    );
    expect(changes).toHaveLength(3);
  });

  it('chains incremental snapshots as commits, and reuses the last one when nothing changed', async () => {
    write('a.txt', 'one\n');
    const first = await store.snapshot();
    write('a.txt', 'two\n');
    const second = await store.snapshot();
    const again = await store.snapshot();
    expect(second.id).not.toBe(first.id);
    expect(again.id).toBe(second.id);
    expect(git(root, '--git-dir', shadowDir, 'log', '--format=%H', 'checkpoints').trim().split('\n')).toEqual(
      [second.id, first.id],
    );
    expect(await store.changes(first.id, second.id)).toEqual([
      { path: 'a.txt', status: 'modified', binary: false, additions: 1, deletions: 1 },
    ]);
  });

  it('restores changed, added and deleted files, and restoring to the backup undoes it', async () => {
    write('keep.txt', 'keep\n');
    write('edit.txt', 'original\n');
    write('gone/deleted.txt', 'I come back\n');
    const checkpoint = await store.snapshot();

    write('edit.txt', 'agent edit\n');
    write('added/by-agent.txt', 'new\n');
    rmSync(join(workspace, 'gone'), { recursive: true });

    const preview = await store.previewRestore(checkpoint.id);
    expect(read('edit.txt')).toBe('agent edit\n');
    const result = await store.restore(checkpoint.id);
    expect(result.changed.map((change) => [change.path, change.status]).sort()).toEqual([
      ['added/by-agent.txt', 'deleted'],
      ['edit.txt', 'modified'],
      ['gone/deleted.txt', 'added'],
    ]);
    expect(preview).toEqual(result.changed);
    expect(read('edit.txt')).toBe('original\n');
    expect(read('gone/deleted.txt')).toBe('I come back\n');
    expect(read('keep.txt')).toBe('keep\n');
    expect(exists('added/by-agent.txt')).toBe(false);
    expect(await store.changes(checkpoint.id, 'now')).toEqual([]);

    const undo = await store.restore(result.backup.id);
    expect(read('edit.txt')).toBe('agent edit\n');
    expect(read('added/by-agent.txt')).toBe('new\n');
    expect(exists('gone/deleted.txt')).toBe(false);
    expect(await store.changes(result.backup.id, 'now')).toEqual([]);
    expect(undo.changed).toHaveLength(3);
  });

  it("leaves a git workspace's own .git, index and HEAD untouched through snapshot, restore and materialize", async () => {
    git(workspace, 'init', '-q');
    write('tracked.txt', 'v1\n');
    git(workspace, 'add', 'tracked.txt');
    git(workspace, 'commit', '-q', '-m', 'first');
    write('tracked.txt', 'v2 uncommitted\n');
    const fingerprint = () =>
      execFileSync(
        'sh',
        [
          '-c',
          'cd .git && find . -print0 | sort -z | xargs -0 ls -ld --time-style=+%s.%N; find . -type f -print0 | sort -z | xargs -0 sha1sum',
        ],
        {
          cwd: workspace,
          encoding: 'utf8',
        },
      );
    const statusBefore = git(workspace, 'status', '--porcelain');
    // A root-owned workspace is handed to the container's user on each call (the runtime's own, adopted); nothing else changes.
    if (docker !== undefined) chownTree(workspace, FALLBACK_CONTAINER_USER.uid, FALLBACK_CONTAINER_USER.gid);
    const before = fingerprint();
    const checkpoint = await store.snapshot();
    write('tracked.txt', 'v3 by agent\n');
    write('other.txt', 'x\n');
    await store.changes(checkpoint.id, 'now');
    await store.diff(checkpoint.id, 'now', 'tracked.txt');
    await store.restore(checkpoint.id);
    await store.materialize(checkpoint.id, join(root, 'copy'));
    expect(read('tracked.txt')).toBe('v2 uncommitted\n');
    expect(fingerprint()).toBe(before);
    expect(git(workspace, 'status', '--porcelain')).toBe(statusBefore);
    expect(existsSync(join(root, 'copy', '.git'))).toBe(false);
    expect(readFileSync(join(root, 'copy', 'tracked.txt'), 'utf8')).toBe('v2 uncommitted\n');
  });

  it("honours .gitignore and the workspace's info/exclude: ignored files are neither recorded nor touched on restore", async () => {
    git(workspace, 'init', '-q');
    writeFileSync(join(workspace, '.git', 'info', 'exclude'), 'secret.env\n');
    write('.gitignore', 'build/\n*.log\n');
    write('src.txt', 'source\n');
    write('build/out.js', 'compiled v1\n');
    write('debug.log', 'log v1\n');
    write('secret.env', 'TOKEN=1\n');
    const checkpoint = await store.snapshot();
    const files = git(root, '--git-dir', shadowDir, 'ls-tree', '-r', '--name-only', checkpoint.id)
      .trim()
      .split('\n');
    expect(files.sort()).toEqual(['.gitignore', 'src.txt']);

    write('build/out.js', 'compiled v2\n');
    write('debug.log', 'log v2\n');
    write('build/new.js', 'new build output\n');
    write('src.txt', 'changed\n');
    expect((await store.changes(checkpoint.id, 'now')).map((change) => change.path)).toEqual(['src.txt']);
    await store.restore(checkpoint.id);
    expect(read('src.txt')).toBe('source\n');
    expect(read('build/out.js')).toBe('compiled v2\n');
    expect(read('build/new.js')).toBe('new build output\n');
    expect(read('debug.log')).toBe('log v2\n');
    expect(read('secret.env')).toBe('TOKEN=1\n');
  });

  it('skips oversized and large binary files with a notice, and restore leaves them as they are', async () => {
    store = createCheckpointStore({
      shadowDir,
      workspaceDir: workspace,
      confinement,
      limits: { maxFileBytes: 4096, maxBinaryBytes: 1024 },
    });
    write('small.txt', 'small\n');
    write('huge.txt', 'x'.repeat(5000));
    write('blob.bin', Buffer.concat([Buffer.from([0, 1, 2]), Buffer.alloc(2000, 7)]));
    write('text-over-binary-limit.txt', 'y'.repeat(2000));
    write('tiny.bin', Buffer.from([0, 1, 2, 3]));
    const checkpoint = await store.snapshot();
    expect(checkpoint.skipped.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: 'blob.bin', reason: 'binary', size: 2003 },
      { path: 'huge.txt', reason: 'too_large', size: 5000 },
    ]);
    const files = git(root, '--git-dir', shadowDir, 'ls-tree', '-r', '--name-only', checkpoint.id)
      .trim()
      .split('\n');
    expect(files.sort()).toEqual(['small.txt', 'text-over-binary-limit.txt', 'tiny.bin']);

    write('tiny.bin', Buffer.from([0, 9, 9]));
    write('huge.txt', 'z'.repeat(6000));
    const changes = await store.changes(checkpoint.id, 'now');
    expect(changes).toEqual([
      { path: 'tiny.bin', status: 'modified', binary: true, additions: 0, deletions: 0 },
    ]);
    const diff = await store.diff(checkpoint.id, 'now', 'tiny.bin');
    expect(diff).toMatchObject({ binary: true, unified: '', truncated: false });
    await store.restore(checkpoint.id);
    expect(readFileSync(join(workspace, 'tiny.bin'))).toEqual(Buffer.from([0, 1, 2, 3]));
    expect(read('huge.txt')).toBe('z'.repeat(6000));
    expect(exists('blob.bin')).toBe(true);
  });

  it('a tracked file that grows past the limit is skipped, not restored from an older version', async () => {
    store = createCheckpointStore({
      shadowDir,
      workspaceDir: workspace,
      confinement,
      limits: { maxFileBytes: 100 },
    });
    write('grows.txt', 'short\n');
    await store.snapshot();
    write('grows.txt', 'g'.repeat(500));
    const second = await store.snapshot();
    expect(second.skipped).toEqual([{ path: 'grows.txt', reason: 'too_large', size: 500 }]);
    write('grows.txt', 'h'.repeat(600));
    await store.restore(second.id);
    expect(read('grows.txt')).toBe('h'.repeat(600));
  });

  it('skips files past maxFiles as too_many_files', async () => {
    store = createCheckpointStore({
      shadowDir,
      workspaceDir: workspace,
      confinement,
      limits: { maxFiles: 3 },
    });
    for (const name of ['a', 'b', 'c', 'd', 'e']) write(`${name}.txt`, name);
    const checkpoint = await store.snapshot();
    expect(checkpoint.skipped.map((entry) => entry.reason)).toEqual(['too_many_files', 'too_many_files']);
    const files = git(root, '--git-dir', shadowDir, 'ls-tree', '-r', '--name-only', checkpoint.id)
      .trim()
      .split('\n');
    expect(files).toHaveLength(3);
  });

  it('detects renames, and gives unified diffs cut at the size limit', async () => {
    store = createCheckpointStore({
      shadowDir,
      workspaceDir: workspace,
      confinement,
      limits: { maxDiffBytes: 300 },
    });
    const body = Array.from({ length: 40 }, (_, line) => `line ${line}\n`).join('');
    write('old/name.txt', body);
    write('long.txt', 'a\n');
    const checkpoint = await store.snapshot();
    rmSync(join(workspace, 'old'), { recursive: true });
    write('new/name.txt', `${body}one more\n`);
    write('long.txt', Array.from({ length: 200 }, (_, line) => `added ${line}\n`).join(''));
    const changes = await store.changes(checkpoint.id, 'now');
    expect(changes).toContainEqual({
      path: 'new/name.txt',
      old_path: 'old/name.txt',
      status: 'renamed',
      binary: false,
      additions: 1,
      deletions: 0,
    });
    const renamed = await store.diff(checkpoint.id, 'now', 'new/name.txt');
    expect(renamed?.unified).toContain('rename from old/name.txt');
    expect(renamed?.unified).toContain('+one more');
    expect(renamed?.truncated).toBe(false);
    const long = await store.diff(checkpoint.id, 'now', 'long.txt');
    expect(long?.truncated).toBe(true);
    expect(Buffer.byteLength(long?.unified ?? '')).toBeLessThanOrEqual(300);
    expect(long?.unified).toContain('+++ b/long.txt');
    expect(await store.diff(checkpoint.id, 'now', 'unchanged.txt')).toBeNull();
  });

  it('snapshots an empty workspace, and restoring it removes what the agent created', async () => {
    const empty = await store.snapshot();
    expect(empty.skipped).toEqual([]);
    write('made/by/agent.txt', 'x\n');
    const result = await store.restore(empty.id);
    expect(result.changed).toEqual([
      { path: 'made/by/agent.txt', status: 'deleted', binary: false, additions: 0, deletions: 1 },
    ]);
    expect(exists('made/by/agent.txt')).toBe(false);
  });

  it('reads a file at a checkpoint and now, and materializes a checkpoint into a new folder', async () => {
    write('doc.txt', 'v1\n');
    write('bin.dat', Buffer.from([0, 255, 1]));
    symlinkSync('doc.txt', join(workspace, 'link'));
    const checkpoint = await store.snapshot();
    write('doc.txt', 'v2\n');
    expect((await store.readFile(checkpoint.id, 'doc.txt'))?.toString()).toBe('v1\n');
    expect(await store.readFile(checkpoint.id, 'bin.dat')).toEqual(Buffer.from([0, 255, 1]));
    expect((await store.readFile('now', 'doc.txt'))?.toString()).toBe('v2\n');
    expect((await store.readFile('now', 'link'))?.toString()).toBe('doc.txt');
    expect(await store.readFile(checkpoint.id, 'missing.txt')).toBeNull();
    expect(await store.readFile('now', 'missing.txt')).toBeNull();
    writeFileSync(join(outside, 'beyond.txt'), 'outside the workspace\n');
    symlinkSync(outside, join(workspace, 'out'));
    expect(await store.readFile('now', 'out/beyond.txt')).toBeNull();
    expect(await store.readFile('now', '.git/config')).toBeNull();
    await expect(store.readFile('now', '../outside.txt')).rejects.toMatchObject({
      code: 'path_outside_workspace',
    });

    const target = join(root, 'materialized');
    await store.materialize(checkpoint.id, target);
    expect(readFileSync(join(target, 'doc.txt'), 'utf8')).toBe('v1\n');
    expect(readFileSync(join(target, 'bin.dat'))).toEqual(Buffer.from([0, 255, 1]));
    expect(readlinkSync(join(target, 'link'))).toBe('doc.txt');
    await expect(store.materialize(checkpoint.id, target)).rejects.toMatchObject({ code: 'invalid_path' });
    await expect(store.materialize(checkpoint.id, join(dataDir, 'copy'))).rejects.toMatchObject({
      code: 'path_denied',
    });
  });

  it('keeps symlinks inside the workspace as links and restores them', async () => {
    write('target.txt', 'pointed at\n');
    symlinkSync('target.txt', join(workspace, 'inside-link'));
    symlinkSync(outside, join(workspace, 'outside-link'));
    const checkpoint = await store.snapshot();
    unlinkSync(join(workspace, 'inside-link'));
    write('inside-link', 'now a plain file\n');
    unlinkSync(join(workspace, 'outside-link'));
    await store.restore(checkpoint.id);
    expect(lstatSync(join(workspace, 'inside-link')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(workspace, 'inside-link'))).toBe('target.txt');
    expect(readlinkSync(join(workspace, 'outside-link'))).toBe(outside);
  });

  it('attack: a folder replaced by a symlink to a folder outside; restore changes nothing outside', async () => {
    write('dir/file.txt', 'original\n');
    write('dir/other.txt', 'other\n');
    const checkpoint = await store.snapshot();
    writeFileSync(join(outside, 'file.txt'), 'outside file\n');
    writeFileSync(join(outside, 'victim.txt'), 'must survive\n');
    rmSync(join(workspace, 'dir'), { recursive: true });
    symlinkSync(outside, join(workspace, 'dir'));
    const listing = () => execFileSync('ls', ['-la', '--time-style=+%s.%N', outside], { encoding: 'utf8' });
    const before = listing();

    await store.restore(checkpoint.id);
    expect(listing()).toBe(before);
    expect(readFileSync(join(outside, 'file.txt'), 'utf8')).toBe('outside file\n');
    expect(readFileSync(join(outside, 'victim.txt'), 'utf8')).toBe('must survive\n');
    expect(lstatSync(join(workspace, 'dir')).isDirectory()).toBe(true);
    expect(read('dir/file.txt')).toBe('original\n');

    // And the same through an ignored symlink, which the restore must neither follow nor write through.
    rmSync(join(workspace, 'dir'), { recursive: true });
    symlinkSync(outside, join(workspace, 'dir'));
    write('.gitignore', 'dir\n');
    await store.restore(checkpoint.id);
    expect(listing()).toBe(before);

    // A file replaced by a symlink to a file outside: the link is replaced, the outside file kept.
    rmSync(join(workspace, 'dir'), { recursive: true, force: true });
    rmSync(join(workspace, '.gitignore'), { force: true });
    await store.restore(checkpoint.id);
    unlinkSync(join(workspace, 'dir', 'file.txt'));
    symlinkSync(join(outside, 'victim.txt'), join(workspace, 'dir', 'file.txt'));
    await store.restore(checkpoint.id);
    expect(listing()).toBe(before);
    expect(lstatSync(join(workspace, 'dir', 'file.txt')).isSymbolicLink()).toBe(false);
    expect(read('dir/file.txt')).toBe('original\n');
  });

  it('attack: hostile .gitattributes, a filter in the workspace config and a nested .git file into the data dir run nothing and read nothing there', async () => {
    git(workspace, 'init', '-q');
    const marker = join(outside, 'ran');
    git(workspace, 'config', 'filter.evil.clean', `sh -c 'touch ${marker}; cat'`);
    git(workspace, 'config', 'filter.evil.smudge', `sh -c 'touch ${marker}; cat'`);
    git(workspace, 'config', 'diff.evil.textconv', `sh -c 'touch ${marker}; cat'`);
    git(workspace, 'config', 'core.fsmonitor', `sh -c 'touch ${marker}'`);
    write('.gitattributes', '* filter=evil diff=evil text eol=crlf\n');
    write('file.txt', 'unix\nlines\n');
    // A repository in the data dir with a hook-like config, and a nested .git file pointing at it.
    const hidden = join(dataDir, 'hidden-repo');
    git(dataDir, 'init', '-q', hidden);
    git(hidden, 'config', 'core.fsmonitor', `sh -c 'touch ${marker}'`);
    writeFileSync(join(hidden, 'secret-in-data-dir'), 'awb-session-key-do-not-leak');
    write('nested/.git', `gitdir: ${hidden}\n`);
    write('nested/code.txt', 'nested code\n');

    const checkpoint = await store.snapshot();
    write('file.txt', 'changed\n');
    const diff = await store.diff(checkpoint.id, 'now', 'file.txt');
    await store.restore(checkpoint.id);
    expect(existsSync(marker)).toBe(false);
    expect(diff?.unified).toContain('-unix');
    expect(readFileSync(join(workspace, 'file.txt'))).toEqual(Buffer.from('unix\nlines\n'));
    expect((await store.readFile(checkpoint.id, 'file.txt'))?.toString()).toBe('unix\nlines\n');
    const files = git(root, '--git-dir', shadowDir, 'ls-tree', '-r', '--name-only', checkpoint.id)
      .trim()
      .split('\n');
    expect(files).not.toContain('nested/.git');
    const everyObject = git(root, '--git-dir', shadowDir, 'cat-file', '--batch-all-objects', '--batch');
    expect(everyObject).toContain('nested code');
    expect(everyObject).not.toContain('do-not-leak');
  });

  it('skips a nested repository, reporting it', async () => {
    write('top.txt', 'top\n');
    mkdirSync(join(workspace, 'vendor', 'lib'), { recursive: true });
    git(join(workspace, 'vendor', 'lib'), 'init', '-q');
    write('vendor/lib/code.c', 'int x;\n');
    git(join(workspace, 'vendor', 'lib'), 'add', '.');
    git(join(workspace, 'vendor', 'lib'), 'commit', '-q', '-m', 'x');
    const checkpoint = await store.snapshot();
    expect(checkpoint.skipped).toEqual([{ path: 'vendor/lib', reason: 'nested_repository' }]);
    const files = git(root, '--git-dir', shadowDir, 'ls-tree', '-r', '--name-only', checkpoint.id)
      .trim()
      .split('\n');
    expect(files).toEqual(['top.txt']);
    write('top.txt', 'changed\n');
    await store.restore(checkpoint.id);
    expect(read('vendor/lib/code.c')).toBe('int x;\n');
  });

  it('serialises two snapshots started at once on one store', async () => {
    write('a.txt', 'a\n');
    const [first, second] = await Promise.all([store.snapshot(), store.snapshot()]);
    expect(first.id).toMatch(/^[0-9a-f]{40}$/);
    expect(second.id).toBe(first.id);
    const other = createCheckpointStore({ shadowDir, workspaceDir: workspace, confinement });
    write('b.txt', 'b\n');
    const results = await Promise.all([store.snapshot(), other.snapshot(), store.changes(first.id, 'now')]);
    expect(results[1].id).toBe(results[0].id);
    expect(
      git(root, '--git-dir', shadowDir, 'log', '--format=%H', 'checkpoints').trim().split('\n'),
    ).toHaveLength(2);
  });

  it('refuses a malformed checkpoint id (invalid_ref) and an unknown one (UnknownCheckpointError)', async () => {
    write('a.txt', 'a\n');
    await store.snapshot();
    await expect(store.changes('--output=/tmp/x', 'now')).rejects.toBeInstanceOf(WorkspaceError);
    await expect(store.restore('HEAD')).rejects.toMatchObject({ code: 'invalid_ref' });
    await expect(store.changes('0'.repeat(40), 'now')).rejects.toBeInstanceOf(UnknownCheckpointError);
    await expect(store.restore('1'.repeat(40))).rejects.toBeInstanceOf(UnknownCheckpointError);
  });

  it('remove() deletes the shadow repository', async () => {
    write('a.txt', 'a\n');
    await store.snapshot();
    await store.remove();
    expect(existsSync(shadowDir)).toBe(false);
    expect(read('a.txt')).toBe('a\n');
  });
});

describe('createCheckpointStore without bubblewrap', () => {
  beforeAll(() => {
    docker = undefined;
  });
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
