import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplyPatchObservation } from '../../events';
import { confinedRoots } from '../../sandbox/confined-files/confined-root';
import { createEditorHarness, type EditorHarness } from '../file-editor/testing/create-editor-harness';
import { runReadTool } from '../search/testing/run-read-tool';
import { commitPatch } from './commit-patch';
import { createApplyPatchTool } from './apply-patch-tool';

let harness: EditorHarness;
const apply = async (patch: string) =>
  (await runReadTool(createApplyPatchTool(), harness, { patch })) as ApplyPatchObservation & { text: string };
const read = (name: string) => readFile(harness.inWorkspace(name), 'utf8');

beforeEach(async () => {
  harness = await createEditorHarness();
  await mkdir(harness.inWorkspace('src'));
  await writeFile(
    harness.inWorkspace('src/app.ts'),
    'import a\n\nfunction main() {\n  return 1\n}\n\nfunction other() {\n  return 1\n}\n',
  );
  await writeFile(harness.inWorkspace('old.txt'), 'old\n');
  await writeFile(harness.inWorkspace('keep.txt'), 'one\ntwo\nthree\n');
});
afterEach(() => harness.dispose());

describe('apply_patch in the Begin Patch format', () => {
  it('adds, updates after an anchor line, moves and deletes in one call', async () => {
    const result = await apply(`*** Begin Patch
*** Add File: src/new/util.ts
+export const x = 1
*** Update File: src/app.ts
@@ function other() {
-  return 1
+  return 2
*** Update File: keep.txt
*** Move to: moved.txt
@@
 one
-two
+TWO
*** Delete File: old.txt
*** End Patch`);
    expect(result.is_error).toBe(false);
    expect(await read('src/new/util.ts')).toBe('export const x = 1\n');
    expect(await read('src/app.ts')).toContain(
      'function main() {\n  return 1\n}\n\nfunction other() {\n  return 2\n}\n',
    );
    expect(await read('moved.txt')).toBe('one\nTWO\nthree\n');
    await expect(stat(harness.inWorkspace('keep.txt'))).rejects.toThrow();
    await expect(stat(harness.inWorkspace('old.txt'))).rejects.toThrow();
    expect(result.changes.map((change) => [change.type, change.path])).toEqual([
      ['add', harness.inWorkspace('src/new/util.ts')],
      ['update', harness.inWorkspace('src/app.ts')],
      ['update', harness.inWorkspace('keep.txt')],
      ['delete', harness.inWorkspace('old.txt')],
    ]);
    expect(result.changes[2]).toMatchObject({
      move_path: harness.inWorkspace('moved.txt'),
      old_content: 'one\ntwo\nthree\n',
    });
    expect(result.text).toContain(
      `R ${harness.inWorkspace('keep.txt')} -> ${harness.inWorkspace('moved.txt')}`,
    );
  });

  it('changes nothing when a later hunk does not apply, naming its file and hunk', async () => {
    const result = await apply(`*** Begin Patch
*** Add File: added.txt
+new
*** Update File: keep.txt
@@
-one
+ONE
@@
-not in the file
+x
*** Delete File: old.txt
*** End Patch`);
    expect(result.is_error).toBe(true);
    expect(result.text).toContain(`Hunk 2 of ${harness.inWorkspace('keep.txt')} did not apply`);
    expect(result.text).toContain('not in the file');
    expect(result.changes).toEqual([]);
    expect(await read('keep.txt')).toBe('one\ntwo\nthree\n');
    expect(await read('old.txt')).toBe('old\n');
    await expect(stat(harness.inWorkspace('added.txt'))).rejects.toThrow();
  });

  it('refuses to add over an existing file, to update a missing one, and a malformed patch', async () => {
    expect((await apply('*** Begin Patch\n*** Add File: old.txt\n+x\n*** End Patch')).text).toContain(
      'already exists',
    );
    expect(
      (await apply('*** Begin Patch\n*** Update File: nope.txt\n@@\n-a\n+b\n*** End Patch')).text,
    ).toContain('does not exist');
    const malformed = await apply('*** Begin Patch\n*** Update File: keep.txt\n@@\n?one\n*** End Patch');
    expect(malformed.is_error).toBe(true);
    expect(malformed.text).toContain('line 4');
    expect((await apply('*** Begin Patch\n*** Add File: a\n+x\n')).text).toContain('End Patch');
  });

  it('matches context whose trailing whitespace differs, and keeps CRLF line endings', async () => {
    await writeFile(harness.inWorkspace('crlf.txt'), 'a\r\nb  \r\nc\r\n');
    const result = await apply(
      '*** Begin Patch\n*** Update File: crlf.txt\n@@\n a\n-b\n+B\n c\n*** End Patch',
    );
    expect(result.is_error).toBe(false);
    expect(await read('crlf.txt')).toBe('a\r\nB\r\nc\r\n');
  });
});

describe('apply_patch with a unified diff', () => {
  it('applies git diff output: an update near its line number, an addition and a deletion', async () => {
    const result = await apply(`diff --git a/src/app.ts b/src/app.ts
--- a/src/app.ts
+++ b/src/app.ts
@@ -7,3 +7,3 @@
 function other() {
-  return 1
+  return 3
 }
--- /dev/null
+++ b/docs/readme.md
@@ -0,0 +1,2 @@
+# Title
+text
--- a/old.txt
+++ /dev/null
@@ -1 +0,0 @@
-old
`);
    expect(result.is_error).toBe(false);
    expect(await read('src/app.ts')).toContain('function main() {\n  return 1\n}');
    expect(await read('src/app.ts')).toContain('function other() {\n  return 3\n}');
    expect(await read('docs/readme.md')).toBe('# Title\ntext\n');
    await expect(stat(harness.inWorkspace('old.txt'))).rejects.toThrow();
  });
});

describe('apply_patch commits all or nothing', () => {
  it('writes nothing when a file changed between the plan and the commit', async () => {
    const roots = await confinedRoots(harness.workspaceDir);
    const error = await commitPatch(
      [
        { type: 'add', path: harness.inWorkspace('fresh.txt'), newContent: 'fresh\n' },
        { type: 'delete', path: harness.inWorkspace('old.txt'), oldContent: 'old\n' },
        { type: 'update', path: harness.inWorkspace('keep.txt'), oldContent: 'stale\n', newContent: 'x\n' },
      ],
      roots,
      harness.workspaceDir,
    );
    expect(error).toContain(`${harness.inWorkspace('keep.txt')} changed while the patch was being applied`);
    expect(await read('old.txt')).toBe('old\n');
    expect(await read('keep.txt')).toBe('one\ntwo\nthree\n');
    expect((await readdir(harness.workspaceDir)).sort()).toEqual(['keep.txt', 'old.txt', 'src']);
  });
});
