import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentText, type FileEditorObservation } from '../../events';
import type { Tool } from '../tool';
import { createFileEditorTool } from './file-editor-tool';

let root: string;
let workspaceDir: string;
let editor: Tool;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'awb-editor-test-'));
  workspaceDir = join(root, 'workspace');
  await mkdir(workspaceDir);
  editor = createFileEditorTool();
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function edit(args: Record<string, unknown>): Promise<FileEditorObservation & { text: string }> {
  const parsed = editor.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.error);
  const observation = (await editor.execute(parsed.action, {
    conversationId: 'c1',
    workspaceDir,
    observationsDir: join(root, 'observations'),
    signal: new AbortController().signal,
  })) as FileEditorObservation;
  return { ...observation, text: contentText(observation.content) };
}

const inWorkspace = (name: string) => join(workspaceDir, name);

describe('file_editor view', () => {
  it('shows a file with cat -n style line numbers', async () => {
    await writeFile(inWorkspace('a.txt'), 'alpha\nbeta\n');
    const observation = await edit({ command: 'view', path: inWorkspace('a.txt') });
    expect(observation.is_error).toBe(false);
    expect(observation.text).toBe('     1\talpha\n     2\tbeta');
  });

  it('shows only the requested range, -1 meaning the end', async () => {
    await writeFile(inWorkspace('a.txt'), 'one\ntwo\nthree\nfour\n');
    expect((await edit({ command: 'view', path: inWorkspace('a.txt'), view_range: [2, 3] })).text).toContain(
      '     2\ttwo\n     3\tthree\n[Lines 2–3 of 4.]',
    );
    expect((await edit({ command: 'view', path: inWorkspace('a.txt'), view_range: [4, -1] })).text).toContain(
      '     4\tfour',
    );
    const outOfRange = await edit({ command: 'view', path: inWorkspace('a.txt'), view_range: [9, 10] });
    expect(outOfRange.is_error).toBe(true);
    expect(outOfRange.text).toContain('between 1 and 4');
  });

  it('lists a directory two levels deep without hidden files and node_modules', async () => {
    await mkdir(inWorkspace('src/deep/deeper'), { recursive: true });
    await mkdir(inWorkspace('node_modules/pkg'), { recursive: true });
    await mkdir(inWorkspace('.git'));
    await writeFile(inWorkspace('src/main.ts'), '');
    await writeFile(inWorkspace('src/deep/too-deep.ts'), '');
    await writeFile(inWorkspace('.env'), 'SECRET=1');
    await writeFile(inWorkspace('README.md'), '');
    const [header, ...entries] = (await edit({ command: 'view', path: workspaceDir })).text.split('\n');
    expect(header).toContain('2 levels deep');
    const text = entries.join('\n');
    expect(text).toContain(`${inWorkspace('src')}/`);
    expect(text).toContain(inWorkspace('src/main.ts'));
    expect(text).toContain(`${inWorkspace('src/deep')}/`);
    expect(text).toContain(inWorkspace('README.md'));
    expect(text).not.toContain('too-deep');
    expect(text).not.toContain('node_modules');
    expect(text).not.toContain('.git');
    expect(text).not.toContain('.env');
  });

  it('refuses a binary file with advice', async () => {
    await writeFile(inWorkspace('image.bin'), Buffer.from([0x89, 0x50, 0x00, 0x01, 0x02]));
    const observation = await edit({ command: 'view', path: inWorkspace('image.bin') });
    expect(observation.is_error).toBe(true);
    expect(observation.text).toContain('binary');
  });

  it('refuses to view a file over 5 MB whole, but views a range of it', async () => {
    await writeFile(inWorkspace('big.txt'), `${'x'.repeat(99)}\n`.repeat(60_000));
    const whole = await edit({ command: 'view', path: inWorkspace('big.txt') });
    expect(whole.is_error).toBe(true);
    expect(whole.text).toContain('view_range');
    const part = await edit({ command: 'view', path: inWorkspace('big.txt'), view_range: [10, 11] });
    expect(part.is_error).toBe(false);
    expect(part.text).toContain('    10\t');
  });

  it('names a missing file', async () => {
    const observation = await edit({ command: 'view', path: inWorkspace('nope.txt') });
    expect(observation.is_error).toBe(true);
    expect(observation.text).toContain('does not exist');
  });

  it('rejects a relative path and names the absolute one to use', async () => {
    const observation = await edit({ command: 'view', path: 'src/main.ts' });
    expect(observation.is_error).toBe(true);
    expect(observation.text).toContain('must be absolute');
    expect(observation.text).toContain(inWorkspace('src/main.ts'));
  });
});

describe('file_editor edits', () => {
  it('creates a file with parent directories and records the diff', async () => {
    const observation = await edit({
      command: 'create',
      path: inWorkspace('new/dir/file.txt'),
      file_text: 'hi\n',
    });
    expect(observation.is_error).toBe(false);
    expect(await readFile(inWorkspace('new/dir/file.txt'), 'utf8')).toBe('hi\n');
    expect(observation.old_content).toBe('');
    expect(observation.new_content).toBe('hi\n');
  });

  it('refuses to create over an existing file and points to str_replace', async () => {
    await writeFile(inWorkspace('a.txt'), 'keep');
    const observation = await edit({ command: 'create', path: inWorkspace('a.txt'), file_text: 'lost' });
    expect(observation.is_error).toBe(true);
    expect(observation.text).toContain('already exists');
    expect(observation.text).toContain('str_replace');
    expect(await readFile(inWorkspace('a.txt'), 'utf8')).toBe('keep');
  });

  it('replaces a unique match and shows the edited lines', async () => {
    await writeFile(inWorkspace('a.py'), 'def f():\n    return 1\n');
    const observation = await edit({
      command: 'str_replace',
      path: inWorkspace('a.py'),
      old_str: 'return 1',
      new_str: 'return 2',
    });
    expect(observation.is_error).toBe(false);
    expect(await readFile(inWorkspace('a.py'), 'utf8')).toBe('def f():\n    return 2\n');
    expect(observation.text).toContain('     2\t    return 2');
    expect(observation.old_content).toBe('def f():\n    return 1\n');
    expect(observation.new_content).toBe('def f():\n    return 2\n');
  });

  it('refuses str_replace with two matches and names their lines', async () => {
    await writeFile(inWorkspace('a.txt'), 'x = 1\ny = 2\nx = 1\n');
    const observation = await edit({
      command: 'str_replace',
      path: inWorkspace('a.txt'),
      old_str: 'x = 1',
      new_str: 'x = 3',
    });
    expect(observation.is_error).toBe(true);
    expect(observation.text).toContain('2 times');
    expect(observation.text).toContain('lines 1, 3');
    expect(await readFile(inWorkspace('a.txt'), 'utf8')).toBe('x = 1\ny = 2\nx = 1\n');
  });

  it('says when old_str is not found', async () => {
    await writeFile(inWorkspace('a.txt'), 'content\n');
    const observation = await edit({
      command: 'str_replace',
      path: inWorkspace('a.txt'),
      old_str: 'absent',
      new_str: '',
    });
    expect(observation.is_error).toBe(true);
    expect(observation.text).toContain('not found');
  });

  it('inserts after the given line, 0 meaning the top', async () => {
    await writeFile(inWorkspace('a.txt'), 'one\nthree\n');
    await edit({ command: 'insert', path: inWorkspace('a.txt'), insert_line: 1, new_str: 'two' });
    await edit({ command: 'insert', path: inWorkspace('a.txt'), insert_line: 0, new_str: 'zero\n' });
    expect(await readFile(inWorkspace('a.txt'), 'utf8')).toBe('zero\none\ntwo\nthree\n');
    const past = await edit({ command: 'insert', path: inWorkspace('a.txt'), insert_line: 9, new_str: 'x' });
    expect(past.is_error).toBe(true);
    expect(past.text).toContain('has 4 lines');
  });

  it('undoes edits one by one, and undoing a create removes the file', async () => {
    const path = inWorkspace('a.txt');
    await edit({ command: 'create', path, file_text: 'v1\n' });
    await edit({ command: 'str_replace', path, old_str: 'v1', new_str: 'v2' });
    await edit({ command: 'str_replace', path, old_str: 'v2', new_str: 'v3' });
    await edit({ command: 'undo_edit', path });
    expect(await readFile(path, 'utf8')).toBe('v2\n');
    await edit({ command: 'undo_edit', path });
    expect(await readFile(path, 'utf8')).toBe('v1\n');
    await edit({ command: 'undo_edit', path });
    await expect(stat(path)).rejects.toThrow();
    const nothing = await edit({ command: 'undo_edit', path });
    expect(nothing.is_error).toBe(true);
    expect(nothing.text).toContain('no edit');
  });

  it('refuses to write outside the workspace, also through a symbolic link', async () => {
    const outside = join(root, 'outside');
    await mkdir(outside);
    const direct = await edit({ command: 'create', path: join(outside, 'x.txt'), file_text: 'x' });
    expect(direct.is_error).toBe(true);
    expect(direct.text).toContain('outside the workspace');
    await symlink(outside, inWorkspace('escape'));
    const viaLink = await edit({ command: 'create', path: inWorkspace('escape/y.txt'), file_text: 'y' });
    expect(viaLink.is_error).toBe(true);
    await expect(stat(join(outside, 'y.txt'))).rejects.toThrow();
  });

  it('refuses to view a file outside the workspace', async () => {
    await writeFile(join(root, 'outside.txt'), 'secret\n');
    const observation = await edit({ command: 'view', path: join(root, 'outside.txt') });
    expect(observation.is_error).toBe(true);
    expect(observation.text).toContain('only works inside the workspace');
    expect(observation.text).not.toContain('secret');
  });

  it('keeps permission bits and leaves no temporary file behind', async () => {
    const path = inWorkspace('run.sh');
    await writeFile(path, 'echo 1\n');
    await chmod(path, 0o755);
    await edit({ command: 'str_replace', path, old_str: 'echo 1', new_str: 'echo 2' });
    expect((await stat(path)).mode & 0o777).toBe(0o755);
    const listing = (await edit({ command: 'view', path: workspaceDir })).text;
    expect(listing).not.toContain('.tmp');
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(workspaceDir)).toEqual(['run.sh']);
  });

  it('leaves huge contents off the observation', async () => {
    const path = inWorkspace('big.txt');
    await writeFile(path, `${'y'.repeat(300_000)}\nend\n`);
    const observation = await edit({ command: 'str_replace', path, old_str: 'end', new_str: 'END' });
    expect(observation.is_error).toBe(false);
    expect(observation.old_content).toBeUndefined();
    expect(observation.new_content).toBeUndefined();
  });
});

describe('file_editor arguments', () => {
  it('requires the arguments of each command, naming them without echoing values', () => {
    const huge = 'SECRET-VALUE-'.repeat(1000);
    const result = editor.parseArguments({ command: 'str_replace', path: 42, new_str: huge });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toContain('`path`');
    expect(result.error).toContain('old_str');
    expect(result.error).toContain('command (required)');
    expect(result.error).not.toContain('SECRET-VALUE');
    expect(result.error).not.toContain('42');
  });

  it('rejects an unknown command and lists the valid ones', () => {
    const result = editor.parseArguments({ command: 'delete', path: '/x' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain('str_replace');
  });

  it('turns view_range into a pair', () => {
    const result = editor.parseArguments({ command: 'view', path: '/x', view_range: [1, 5] });
    expect(result).toEqual({
      ok: true,
      action: { kind: 'FileEditorAction', command: 'view', path: '/x', view_range: [1, 5] },
    });
  });
});
