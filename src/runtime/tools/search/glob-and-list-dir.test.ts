import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEditorHarness, type EditorHarness } from '../file-editor/testing/create-editor-harness';
import { createGlobTool } from './glob-tool';
import { createListDirTool } from './list-dir-tool';
import { runReadTool } from './testing/run-read-tool';

let harness: EditorHarness;

beforeEach(async () => {
  harness = await createEditorHarness();
  await mkdir(harness.inWorkspace('src/deep/er'), { recursive: true });
  await mkdir(harness.inWorkspace('node_modules/pkg'), { recursive: true });
  await writeFile(harness.inWorkspace('src/a.ts'), '');
  await writeFile(harness.inWorkspace('src/b.tsx'), '');
  await writeFile(harness.inWorkspace('src/deep/er/c.ts'), '');
  await writeFile(harness.inWorkspace('node_modules/pkg/index.js'), '');
  await writeFile(harness.inWorkspace('.env'), 'KEY=1\n');
  await writeFile(harness.inWorkspace('README.md'), '');
  await symlink('src', harness.inWorkspace('src-link'));
});
afterEach(() => harness.dispose());

describe('glob', () => {
  it('matches names at any depth without a slash, and paths from the searched folder with one', async () => {
    const byName = await runReadTool(createGlobTool(), harness, { pattern: '*.ts' });
    expect(byName.text.split('\n').slice(1)).toEqual([
      harness.inWorkspace('src/a.ts'),
      harness.inWorkspace('src/deep/er/c.ts'),
    ]);
    const byPath = await runReadTool(createGlobTool(), harness, { pattern: 'src/*.{ts,tsx}' });
    expect(byPath.text.split('\n').slice(1)).toEqual([
      harness.inWorkspace('src/a.ts'),
      harness.inWorkspace('src/b.tsx'),
    ]);
    const below = await runReadTool(createGlobTool(), harness, {
      pattern: '**/c.ts',
      path: harness.inWorkspace('src'),
    });
    expect(below.text).toContain('deep/er/c.ts');
  });

  it('skips hidden files and does not follow links', async () => {
    const all = await runReadTool(createGlobTool(), harness, { pattern: '**/*' });
    expect(all.text).not.toContain('.env');
    expect(all.text).not.toContain('src-link');
  });
});

describe('list_dir', () => {
  it('lists one level with hidden entries, folders and links marked', async () => {
    const result = await runReadTool(createListDirTool(), harness, {});
    expect(result.text.split('\n')).toEqual([
      `${harness.workspaceDir}/`,
      '.env',
      'README.md',
      'node_modules/',
      'src/',
      'src-link@',
    ]);
  });

  it('lists deeper levels indented, never opening node_modules or following links', async () => {
    const result = await runReadTool(createListDirTool(), harness, { depth: 3 });
    expect(result.text).toContain('  deep/\n    er/');
    expect(result.text).not.toContain('index.js');
    expect(result.text).not.toContain('c.ts');
    expect(result.text.match(/a\.ts/g)).toHaveLength(1);
  });
});
