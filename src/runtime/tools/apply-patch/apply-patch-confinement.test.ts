import { mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEditorHarness, type EditorHarness } from '../file-editor/testing/create-editor-harness';
import { runReadTool } from '../search/testing/run-read-tool';
import { createApplyPatchTool } from './apply-patch-tool';

let harness: EditorHarness;
let outside: string;
const apply = (patch: string) => runReadTool(createApplyPatchTool(), harness, { patch });

beforeEach(async () => {
  harness = await createEditorHarness();
  outside = join(harness.root, 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'target.txt'), 'outside\n');
  await writeFile(harness.inWorkspace('inside.txt'), 'inside\n');
  await mkdir(harness.inWorkspace('.git/hooks'), { recursive: true });
});
afterEach(() => harness.dispose());

/** Each attack rides along with a valid change, which must not happen either (all or nothing). */
function patchWith(attack: string): string {
  return `*** Begin Patch\n*** Update File: inside.txt\n@@\n-inside\n+changed\n${attack}\n*** End Patch`;
}

async function expectUntouched(): Promise<void> {
  expect(await readFile(harness.inWorkspace('inside.txt'), 'utf8')).toBe('inside\n');
  expect(await readFile(join(outside, 'target.txt'), 'utf8')).toBe('outside\n');
  expect(await readdir(outside)).toEqual(['target.txt']);
  expect(await readFile(join(harness.dataDir, 'session-key'), 'utf8')).toBe('SESSION-KEY-SECRET\n');
  expect((await readdir(harness.dataDir)).sort()).toEqual(['observations', 'session-key']);
  await expect(stat(join(harness.root, 'planted.txt'))).rejects.toThrow();
}

describe('apply_patch stays inside the workspace, all or nothing', () => {
  const outsideAttacks: Array<[string, () => string]> = [
    ['a ../ path to add', () => '*** Add File: ../planted.txt\n+x'],
    ['a ../ path to update', () => '*** Update File: ../outside/target.txt\n@@\n-outside\n+pwned'],
    ['an absolute path outside', () => `*** Delete File: ${join(outside, 'target.txt')}`],
    [
      'the data dir',
      () => `*** Update File: ${join(harness.dataDir, 'session-key')}\n@@\n-SESSION-KEY-SECRET\n+pwned`,
    ],
    ['a move out of the workspace', () => '*** Update File: inside.txt\n*** Move to: ../planted.txt'],
    ['the saved outputs (read-only)', () => `*** Add File: ${join(harness.observationsDir, 'x.txt')}\n+x`],
    ['/proc/self/environ', () => '*** Delete File: /proc/self/environ'],
  ];
  it.each(outsideAttacks)('refuses %s', async (_name, attack) => {
    const result = await apply(patchWith(attack()));
    expect(result.is_error).toBe(true);
    expect(result.text).toMatch(/outside the workspace|named twice|only works inside/);
    await expectUntouched();
  });

  it('refuses links that lead out: a folder link to add through, a file link to update or delete', async () => {
    await symlink(outside, harness.inWorkspace('out-dir'));
    await symlink(join(outside, 'target.txt'), harness.inWorkspace('link.txt'));
    await symlink(harness.dataDir, harness.inWorkspace('data-link'));
    for (const attack of [
      '*** Add File: out-dir/planted.txt\n+x',
      '*** Update File: out-dir/target.txt\n@@\n-outside\n+pwned',
      '*** Update File: link.txt\n@@\n-outside\n+pwned',
      '*** Delete File: link.txt',
      '*** Delete File: data-link/session-key',
      '*** Add File: data-link/planted.txt\n+x',
    ]) {
      const result = await apply(patchWith(attack));
      expect(result.is_error).toBe(true);
      expect(result.text).toContain('symbolic link');
      await expectUntouched();
    }
  });

  it("refuses git's hooks and config, also through a link with an innocent name", async () => {
    await symlink('.git/hooks', harness.inWorkspace('scripts'));
    for (const attack of [
      '*** Add File: .git/hooks/pre-commit\n+#!/bin/sh\n+touch /tmp/pwned',
      '*** Add File: scripts/pre-commit\n+#!/bin/sh',
      '*** Add File: .git/config\n+[core]',
    ]) {
      const result = await apply(patchWith(attack));
      expect(result.is_error).toBe(true);
      expect(result.text).toContain("git's own configuration or hooks");
      expect(result.text).toContain('apply_patch');
      await expectUntouched();
      expect(await readdir(harness.inWorkspace('.git/hooks'))).toEqual([]);
    }
  });
});
