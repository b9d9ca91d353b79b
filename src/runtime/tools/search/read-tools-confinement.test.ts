import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEditorHarness, type EditorHarness } from '../file-editor/testing/create-editor-harness';
import { createFolderSwapper } from '../file-editor/testing/folder-swapper';
import type { Tool } from '../tool';
import { createGlobTool } from './glob-tool';
import { createGrepTool } from './grep-tool';
import { createListDirTool } from './list-dir-tool';
import { runReadTool, type ToolResult } from './testing/run-read-tool';

const SECRET = 'SESSION-KEY-SECRET';
let harness: EditorHarness;
const swapper = createFolderSwapper();

beforeEach(async () => {
  harness = await createEditorHarness();
  await writeFile(harness.inWorkspace('readme.md'), 'hello workspace\n');
});
afterEach(async () => {
  await swapper.stop();
  await harness.dispose();
});

const tools: Array<[string, () => Tool, (path: string) => Record<string, unknown>]> = [
  ['grep', createGrepTool, (path) => ({ pattern: '.', path, output_mode: 'content' })],
  ['glob', createGlobTool, (path) => ({ pattern: '**/*', path })],
  ['list_dir', createListDirTool, (path) => ({ path, depth: 5 })],
];

function expectRefusal(result: ToolResult, tool: string): void {
  expect(result.is_error).toBe(true);
  expect(result.text).toContain(`${tool} only works inside the workspace ${harness.workspaceDir}`);
  expectNothingLeaked(result);
}

/** No byte of a file outside: the session key, /etc/passwd, the environment, the planted outside files. */
function expectNothingLeaked(result: ToolResult): void {
  expect(result.text).not.toContain(SECRET);
  expect(result.text).not.toContain('root:x:0');
  expect(result.text).not.toContain('PATH=');
  expect(result.text).not.toContain('outside-secret');
}

describe.each(tools)('%s stays inside the workspace', (name, create, args) => {
  it('refuses ../ out of the workspace', async () => {
    expectRefusal(await runReadTool(create(), harness, args(harness.inWorkspace('../data'))), name);
    expectRefusal(await runReadTool(create(), harness, args(harness.inWorkspace('..'))), name);
  });

  it('refuses absolute paths outside: /etc, the data dir, /proc/self', async () => {
    expectRefusal(await runReadTool(create(), harness, args('/etc')), name);
    expectRefusal(await runReadTool(create(), harness, args(harness.dataDir)), name);
    expectRefusal(await runReadTool(create(), harness, args('/proc/self')), name);
  });

  it('refuses a relative path, naming the absolute one to use', async () => {
    const result = await runReadTool(create(), harness, args('src'));
    expect(result.is_error).toBe(true);
    expect(result.text).toContain(harness.inWorkspace('src'));
  });

  it('refuses a workspace link to the data dir given as path', async () => {
    await symlink(harness.dataDir, harness.inWorkspace('data-link'));
    const result = await runReadTool(create(), harness, args(harness.inWorkspace('data-link')));
    expectRefusal(result, name);
    expect(result.text).toContain('symbolic link');
  });

  it('walks past links pointing out (data dir, /etc, a file, ..) without following them', async () => {
    const outside = join(harness.root, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'outside-secret.txt'), `${SECRET} outside-secret\n`);
    await symlink(harness.dataDir, harness.inWorkspace('data-link'));
    await symlink('/etc', harness.inWorkspace('etc-link'));
    await symlink('..', harness.inWorkspace('up'));
    await symlink(join(outside, 'outside-secret.txt'), harness.inWorkspace('notes.txt'));
    await symlink(outside, harness.inWorkspace('outside-link'));
    const result = await runReadTool(create(), harness, args(harness.workspaceDir));
    expect(result.is_error).toBe(false);
    expectNothingLeaked(result);
    // Not even the names below the links: the data dir's session key, /etc's files.
    expect(result.text).not.toContain('session-key');
    expect(result.text).not.toContain('passwd');
  });
});

describe('grep never reads outside the workspace', () => {
  it('refuses /proc/self/environ and the session key as a file path', async () => {
    for (const path of [
      '/proc/self/environ',
      join(harness.dataDir, 'session-key'),
      harness.inWorkspace('../data/session-key'),
    ]) {
      expectRefusal(
        await runReadTool(createGrepTool(), harness, { pattern: '.', path, output_mode: 'content' }),
        'grep',
      );
    }
  });

  it('refuses a workspace link to /proc/self/environ given as path', async () => {
    await symlink('/proc/self/environ', harness.inWorkspace('environ'));
    const result = await runReadTool(createGrepTool(), harness, {
      pattern: '.',
      path: harness.inWorkspace('environ'),
      output_mode: 'content',
    });
    expectRefusal(result, 'grep');
  });

  it('does not hang on a named pipe planted in the workspace', async () => {
    execFileSync('mkfifo', [harness.inWorkspace('pipe')]);
    const result = await runReadTool(createGrepTool(), harness, { pattern: 'hello' });
    expect(result.text).toContain(harness.inWorkspace('readme.md'));
  });

  it('never reads through a folder swapped for a link to the outside during the walk', async () => {
    const outside = join(harness.root, 'home-fake');
    await mkdir(outside);
    await mkdir(harness.inWorkspace('dir'));
    for (let index = 0; index < 50; index++) {
      await writeFile(join(outside, `f${index}.txt`), `${SECRET} outside-secret\n`);
      await writeFile(harness.inWorkspace(`dir/f${index}.txt`), 'inside\n');
    }
    swapper.start(harness.workspaceDir, outside);
    for (let attempt = 0; attempt < 60; attempt++) {
      const result = await runReadTool(createGrepTool(), harness, { pattern: '.', output_mode: 'content' });
      expectNothingLeaked(result);
      const listed = await runReadTool(createGlobTool(), harness, { pattern: '**/*.txt' });
      expect(listed.text).not.toContain('dir.x/../');
    }
  });
});
