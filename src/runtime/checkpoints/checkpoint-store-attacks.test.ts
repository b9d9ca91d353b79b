import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHECKPOINT_SANDBOXES,
  dataDir,
  git,
  outside,
  read,
  root,
  shadowDir,
  store,
  registerCheckpointTestBed,
  requireSandbox,
  workspace,
  write,
} from './testing/checkpoint-test-bed';

// A hostile workspace: links out of it and git configuration that would run or read outside.
registerCheckpointTestBed();

describe.each(CHECKPOINT_SANDBOXES)(
  'createCheckpointStore (%s, real git)',
  (kind) => {
    requireSandbox(kind);

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
    // Each git call is a container of its own on docker and podman: a loaded machine takes its time.
  },
  90_000,
);
