import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCheckpointStore } from './create-checkpoint-store';
import {
  CHECKPOINT_SANDBOXES,
  confinement,
  exists,
  git,
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

// What a snapshot leaves out (ignored, oversized, too many, nested repositories) and how it says so.
registerCheckpointTestBed();

describe.each(CHECKPOINT_SANDBOXES)('createCheckpointStore (%s, real git)', (kind) => {
  requireSandbox(kind);

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
    replaceStore(
      createCheckpointStore({
        shadowDir,
        workspaceDir: workspace,
        confinement,
        limits: { maxFileBytes: 4096, maxBinaryBytes: 1024 },
      }),
    );
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
    replaceStore(
      createCheckpointStore({
        shadowDir,
        workspaceDir: workspace,
        confinement,
        limits: { maxFileBytes: 100 },
      }),
    );
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
    replaceStore(
      createCheckpointStore({
        shadowDir,
        workspaceDir: workspace,
        confinement,
        limits: { maxFiles: 3 },
      }),
    );
    for (const name of ['a', 'b', 'c', 'd', 'e']) write(`${name}.txt`, name);
    const checkpoint = await store.snapshot();
    expect(checkpoint.skipped.map((entry) => entry.reason)).toEqual(['too_many_files', 'too_many_files']);
    const files = git(root, '--git-dir', shadowDir, 'ls-tree', '-r', '--name-only', checkpoint.id)
      .trim()
      .split('\n');
    expect(files).toHaveLength(3);
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
});
