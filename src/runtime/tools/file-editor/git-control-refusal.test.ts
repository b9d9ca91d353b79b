import { execFileSync } from 'node:child_process';
import { readdir, readFile, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEditorHarness, type EditorHarness } from './testing/create-editor-harness';

let harness: EditorHarness;
beforeEach(async () => {
  harness = await createEditorHarness();
  execFileSync('git', ['init', '-q', harness.workspaceDir]);
});
afterEach(async () => {
  await harness.dispose();
});

describe('file_editor refuses to write what the person’s own git runs', () => {
  it.each([
    ['.git/hooks/pre-commit', 'create'],
    ['.git/config', 'str_replace'],
    ['.git/config', 'insert'],
    ['.git/info/attributes', 'create'],
    ['.git/commondir', 'create'],
    ['.git/config.worktree', 'create'],
    ['.git/modules/lib/hooks/post-checkout', 'create'],
    ['vendor/lib/.git', 'create'],
  ])('refuses %s (%s)', async (path, command) => {
    const before = await readFile(join(harness.workspaceDir, '.git', 'config'), 'utf8');
    const hooks = await readdir(join(harness.workspaceDir, '.git', 'hooks'));
    const observation = await harness.edit({
      command,
      path: harness.inWorkspace(path),
      file_text: '#!/bin/sh\ntouch /tmp/planted\n',
      old_str: '[core]',
      new_str: '[core]\n\tfsmonitor = touch /tmp/planted',
      insert_line: 0,
    });
    expect(observation.is_error).toBe(true);
    expect(observation.text).toContain('git');
    expect(await readFile(join(harness.workspaceDir, '.git', 'config'), 'utf8')).toBe(before);
    expect(await readdir(join(harness.workspaceDir, '.git', 'hooks'))).toEqual(hooks);
  });

  it('refuses a path that reaches .git/hooks through a symbolic link', async () => {
    await symlink('.git/hooks', harness.inWorkspace('innocent'));
    const observation = await harness.edit({
      command: 'create',
      path: harness.inWorkspace('innocent/pre-commit'),
      file_text: '#!/bin/sh\n',
    });
    expect(observation.is_error).toBe(true);
    expect(await readdir(join(harness.workspaceDir, '.git', 'hooks'))).not.toContain('pre-commit');
  });

  it('still views .git/config and writes ordinary files beside it', async () => {
    const view = await harness.edit({ command: 'view', path: harness.inWorkspace('.git/config') });
    expect(view.is_error).toBe(false);
    const created = await harness.edit({
      command: 'create',
      path: harness.inWorkspace('.gitignore'),
      file_text: 'dist\n',
    });
    expect(created.is_error).toBe(false);
  });
});
