import { execFileSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkspaceError } from '../sandbox/workspace-error';
import { chownTree, FALLBACK_CONTAINER_USER } from '../sandbox/docker/container-user';
import { createCheckpointStore } from './create-checkpoint-store';
import { UnknownCheckpointError } from './unknown-checkpoint-error';
import {
  CHECKPOINT_SANDBOXES,
  confinement,
  dataDir,
  docker,
  exists,
  git,
  outside,
  read,
  root,
  shadowDir,
  store,
  registerCheckpointTestBed,
  requireSandbox,
  replaceStore,
  workspace,
  write,
} from './testing/checkpoint-test-bed';

registerCheckpointTestBed();

describe.each(CHECKPOINT_SANDBOXES)('createCheckpointStore (%s, real git)', (kind) => {
  requireSandbox(kind);

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

  it('detects renames, and gives unified diffs cut at the size limit', async () => {
    replaceStore(
      createCheckpointStore({
        shadowDir,
        workspaceDir: workspace,
        confinement,
        limits: { maxDiffBytes: 300 },
      }),
    );
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
