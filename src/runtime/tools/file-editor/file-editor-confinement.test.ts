import { execFileSync } from 'node:child_process';
import { mkdir, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEditorHarness, type EditorHarness, type EditorResult } from './testing/create-editor-harness';

let harness: EditorHarness;
beforeEach(async () => {
  harness = await createEditorHarness();
});
afterEach(async () => {
  await harness.dispose();
});

function expectConfinementRefusal(observation: EditorResult): void {
  expect(observation.is_error).toBe(true);
  expect(observation.text).toContain(harness.workspaceDir);
  expect(observation.text).toContain('only works inside');
  expect(observation.text).not.toContain('SESSION-KEY-SECRET');
  expect(observation.text).not.toContain('root:');
}

const writeCommands = (path: string): Array<Record<string, unknown>> => [
  { command: 'create', path, file_text: 'pwned\n' },
  { command: 'str_replace', path, old_str: 'NO-SUCH-TEXT-IN-ANY-FILE', new_str: 'pwned' },
  { command: 'insert', path, insert_line: 0, new_str: 'pwned\n' },
];

describe('file_editor refuses paths outside the workspace', () => {
  it('refuses to view the session key in a data dir outside the workspace', async () => {
    expectConfinementRefusal(
      await harness.edit({ command: 'view', path: join(harness.dataDir, 'session-key') }),
    );
  });

  it('refuses to view /etc/passwd', async () => {
    expectConfinementRefusal(await harness.edit({ command: 'view', path: '/etc/passwd' }));
  });

  it('refuses a ../ escape for view and for writes', async () => {
    const escapingPath = harness.inWorkspace('../data/session-key');
    expectConfinementRefusal(await harness.edit({ command: 'view', path: escapingPath }));
    expectConfinementRefusal(await harness.edit({ command: 'view', path: harness.inWorkspace('..') }));
    for (const args of writeCommands(escapingPath)) expectConfinementRefusal(await harness.edit(args));
    expectConfinementRefusal(
      await harness.edit({ command: 'create', path: harness.inWorkspace('../escaped.txt'), file_text: 'x' }),
    );
    await expect(stat(join(harness.root, 'escaped.txt'))).rejects.toThrow();
    expect(await readFile(join(harness.dataDir, 'session-key'), 'utf8')).toBe('SESSION-KEY-SECRET\n');
  });

  it('refuses a workspace symlink to the data dir for view and every write command', async () => {
    await symlink(harness.dataDir, harness.inWorkspace('data-link'));
    const key = harness.inWorkspace('data-link/session-key');
    expectConfinementRefusal(await harness.edit({ command: 'view', path: key }));
    expectConfinementRefusal(await harness.edit({ command: 'view', path: harness.inWorkspace('data-link') }));
    for (const args of writeCommands(key)) expectConfinementRefusal(await harness.edit(args));
    const created = harness.inWorkspace('data-link/new/planted.txt');
    expectConfinementRefusal(await harness.edit({ command: 'create', path: created, file_text: 'x' }));
    expect(await readdir(harness.dataDir)).toEqual(['observations', 'session-key']);
    expect(await readFile(join(harness.dataDir, 'session-key'), 'utf8')).toBe('SESSION-KEY-SECRET\n');
  });

  it('refuses a workspace symlink to /etc/passwd for view and every write command', async () => {
    await symlink('/etc/passwd', harness.inWorkspace('passwd'));
    const before = await readFile('/etc/passwd', 'utf8');
    expectConfinementRefusal(await harness.edit({ command: 'view', path: harness.inWorkspace('passwd') }));
    // Not insert: it would change /etc/passwd if the defence failed (the tests run as root). Insert
    // through a final link pointing outside is covered below with a harmless file.
    const harmless = writeCommands(harness.inWorkspace('passwd')).filter((args) => args.command !== 'insert');
    for (const args of harmless) expectConfinementRefusal(await harness.edit(args));
    expect(await readFile('/etc/passwd', 'utf8')).toBe(before);
  });

  it('refuses a workspace symlink to .. for view and every write command', async () => {
    await symlink('..', harness.inWorkspace('up'));
    expectConfinementRefusal(await harness.edit({ command: 'view', path: harness.inWorkspace('up') }));
    expectConfinementRefusal(
      await harness.edit({ command: 'view', path: harness.inWorkspace('up/data/session-key') }),
    );
    for (const args of writeCommands(harness.inWorkspace('up/data/session-key'))) {
      expectConfinementRefusal(await harness.edit(args));
    }
    expectConfinementRefusal(
      await harness.edit({ command: 'create', path: harness.inWorkspace('up/planted.txt'), file_text: 'x' }),
    );
    await expect(stat(join(harness.root, 'planted.txt'))).rejects.toThrow();
  });

  it('refuses a final-component symlink pointing outside for create, str_replace and insert', async () => {
    const outsideFile = join(harness.root, 'outside.txt');
    await writeFile(outsideFile, 'outside\n');
    await symlink(outsideFile, harness.inWorkspace('notes.txt'));
    await symlink(join(harness.root, 'not-yet.txt'), harness.inWorkspace('dangling.txt'));
    for (const args of writeCommands(harness.inWorkspace('notes.txt'))) {
      expectConfinementRefusal(await harness.edit(args));
    }
    expectConfinementRefusal(
      await harness.edit({
        command: 'str_replace',
        path: harness.inWorkspace('notes.txt'),
        old_str: 'outside',
        new_str: 'x',
      }),
    );
    expectConfinementRefusal(
      await harness.edit({ command: 'create', path: harness.inWorkspace('dangling.txt'), file_text: 'x' }),
    );
    expect(await readFile(outsideFile, 'utf8')).toBe('outside\n');
    await expect(stat(join(harness.root, 'not-yet.txt'))).rejects.toThrow();
  });

  it('undo_edit does not follow a folder swapped for a symlink after the edit', async () => {
    const outside = join(harness.root, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'a.txt'), 'outside content\n');
    const path = harness.inWorkspace('sub/a.txt');
    await harness.edit({ command: 'create', path, file_text: 'v1\n' });
    await harness.edit({ command: 'str_replace', path, old_str: 'v1', new_str: 'v2' });
    execFileSync('mv', [harness.inWorkspace('sub'), harness.inWorkspace('sub.moved')]);
    await symlink(outside, harness.inWorkspace('sub'));
    expectConfinementRefusal(await harness.edit({ command: 'undo_edit', path }));
    expect(await readFile(join(outside, 'a.txt'), 'utf8')).toBe('outside content\n');
  });
});

describe('file_editor read-only roots', () => {
  it('views a saved observation through readOnlyRoots but refuses to write there', async () => {
    const saved = join(harness.observationsDir, 'output-1.txt');
    await writeFile(saved, 'long terminal output\n');
    const context = { readOnlyRoots: [harness.observationsDir] };
    const viewed = await harness.edit({ command: 'view', path: saved }, context);
    expect(viewed.is_error).toBe(false);
    expect(viewed.text).toContain('long terminal output');
    const listed = await harness.edit({ command: 'view', path: harness.observationsDir }, context);
    expect(listed.text).toContain(saved);
    for (const args of [
      ...writeCommands(saved),
      { command: 'create', path: join(harness.observationsDir, 'new.txt'), file_text: 'x' },
      { command: 'str_replace', path: saved, old_str: 'long', new_str: 'short' },
    ]) {
      const refused = await harness.edit(args, context);
      expect(refused.is_error).toBe(true);
      expect(refused.text).toContain('read-only');
    }
    expect(await readFile(saved, 'utf8')).toBe('long terminal output\n');
    expect(await readdir(harness.observationsDir)).toEqual(['output-1.txt']);
  });

  it('refuses the observations dir when it is not given as a read-only root', async () => {
    const saved = join(harness.observationsDir, 'output-1.txt');
    await writeFile(saved, 'long terminal output\n');
    expectConfinementRefusal(await harness.edit({ command: 'view', path: saved }));
  });
});

describe('file_editor symlinks that stay inside the workspace', () => {
  it('follows a folder link and a file link inside the workspace, editing the real file', async () => {
    await mkdir(harness.inWorkspace('src'));
    await writeFile(harness.inWorkspace('src/real.txt'), 'one\n');
    await symlink('src', harness.inWorkspace('alias-dir'));
    await symlink(harness.inWorkspace('src/real.txt'), harness.inWorkspace('alias.txt'));
    expect(
      (await harness.edit({ command: 'view', path: harness.inWorkspace('alias-dir/real.txt') })).text,
    ).toContain('one');
    const edited = await harness.edit({
      command: 'str_replace',
      path: harness.inWorkspace('alias.txt'),
      old_str: 'one',
      new_str: 'two',
    });
    expect(edited.is_error).toBe(false);
    expect(await readFile(harness.inWorkspace('src/real.txt'), 'utf8')).toBe('two\n');
    expect((await stat(harness.inWorkspace('alias.txt'))).isFile()).toBe(true);
    const { lstat } = await import('node:fs/promises');
    expect((await lstat(harness.inWorkspace('alias.txt'))).isSymbolicLink()).toBe(true);
  });

  it('refuses a symlink loop with a clear message', async () => {
    await symlink('loop-b', harness.inWorkspace('loop-a'));
    await symlink('loop-a', harness.inWorkspace('loop-b'));
    const observation = await harness.edit({ command: 'view', path: harness.inWorkspace('loop-a') });
    expect(observation.is_error).toBe(true);
    expect(observation.text).toContain('symbolic links');
  });

  it('refuses a named pipe without hanging', async () => {
    execFileSync('mkfifo', [harness.inWorkspace('pipe')]);
    const observation = await harness.edit({ command: 'view', path: harness.inWorkspace('pipe') });
    expect(observation.is_error).toBe(true);
    expect(observation.text).toContain('not a regular file');
  });
});
