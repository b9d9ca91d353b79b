import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GrepObservation } from '../../events';
import { createEditorHarness, type EditorHarness } from '../file-editor/testing/create-editor-harness';
import { createGrepTool } from './grep-tool';
import { runReadTool } from './testing/run-read-tool';

let harness: EditorHarness;
const grep = (args: Record<string, unknown>) => runReadTool(createGrepTool(), harness, args);

beforeEach(async () => {
  harness = await createEditorHarness();
  await mkdir(harness.inWorkspace('src/lib'), { recursive: true });
  await mkdir(harness.inWorkspace('build'));
  await mkdir(harness.inWorkspace('.hidden'));
  await writeFile(harness.inWorkspace('src/app.ts'), 'import x\nfunction main() {\n  log("Error here")\n}\n');
  await writeFile(harness.inWorkspace('src/lib/util.tsx'), 'export const ERROR_CODE = 1\n');
  await writeFile(harness.inWorkspace('src/lib/util.min.js'), 'var error=1\n');
  await writeFile(harness.inWorkspace('build/out.ts'), 'Error in build output\n');
  await writeFile(harness.inWorkspace('.hidden/secret.ts'), 'Error hidden\n');
  await writeFile(harness.inWorkspace('.gitignore'), 'build/\n*.log\n');
  await writeFile(harness.inWorkspace('debug.log'), 'Error logged\n');
  await writeFile(harness.inWorkspace('image.bin'), Buffer.from([0x45, 0x72, 0x72, 0x6f, 0x72, 0, 1, 2]));
});
afterEach(() => harness.dispose());

describe('grep', () => {
  it('lists matching files in path order, skipping ignored, hidden and binary files', async () => {
    const result = await grep({ pattern: 'Error' });
    expect(result.is_error).toBe(false);
    expect(result.text.split('\n').slice(1)).toEqual([
      harness.inWorkspace('src/app.ts'),
      '[Skipped 1 binary file(s) and 0 file(s) over 8 MB.]',
    ]);
  });

  it('matches either case when asked, and filters with include and exclude globs', async () => {
    const all = await grep({ pattern: 'error', case_insensitive: true });
    expect(all.text).toContain('src/lib/util.tsx');
    expect(all.text).toContain('src/lib/util.min.js');
    const included = await grep({ pattern: 'error', case_insensitive: true, include: '*.{ts,tsx}' });
    expect(included.text).toContain('util.tsx');
    expect(included.text).not.toContain('util.min.js');
    const excluded = await grep({ pattern: 'error', case_insensitive: true, exclude: 'lib' });
    expect(excluded.text).toContain('app.ts');
    expect(excluded.text).not.toContain('util');
    const byPath = await grep({ pattern: 'error', case_insensitive: true, include: 'src/lib/**' });
    expect(byPath.text).not.toContain('app.ts');
  });

  it('shows matching lines with context and numbers in content mode', async () => {
    const result = await grep({ pattern: 'log\\(', output_mode: 'content', context_lines: 1 });
    const path = harness.inWorkspace('src/app.ts');
    expect(result.text.split('\n').slice(1, 4)).toEqual([
      `${path}-2-function main() {`,
      `${path}:3:  log("Error here")`,
      `${path}-4-}`,
    ]);
  });

  it('searches one file given as path, and a folder inside an ignored one when named', async () => {
    const one = await grep({ pattern: 'Error', path: harness.inWorkspace('debug.log') });
    expect(one.text).toContain('debug.log');
    const ignoredFolder = await grep({ pattern: 'Error', path: harness.inWorkspace('src') });
    expect(ignoredFolder.text).toContain('app.ts');
  });

  it('honours a .gitignore above the searched folder', async () => {
    await writeFile(harness.inWorkspace('.gitignore'), 'util.*\n');
    const result = await grep({ pattern: 'error', case_insensitive: true, path: harness.inWorkspace('src') });
    expect(result.text).toContain('app.ts');
    expect(result.text).not.toContain('util');
  });

  it('answers a catastrophic pattern in linear time and refuses backreferences', async () => {
    await writeFile(harness.inWorkspace('src/a.txt'), `${'a'.repeat(5_000)}b\n`);
    const slowForBacktracking = await grep({ pattern: '(a+)+$', output_mode: 'content' });
    expect(slowForBacktracking.is_error).toBe(false);
    const refused = await grep({ pattern: '(a)\\1' });
    expect(refused.is_error).toBe(true);
    expect(refused.text).toContain('Backreferences');
  });

  it('cuts a long answer for the model and saves the full text', async () => {
    const lines = Array.from({ length: 5_000 }, (_, index) => `match line ${index}`).join('\n');
    await writeFile(harness.inWorkspace('src/many.txt'), lines);
    const result = (await grep({ pattern: 'match', output_mode: 'content' })) as GrepObservation & {
      text: string;
    };
    expect(result.full_output_path).toBeDefined();
    expect(result.text).toContain('Full output saved to');
    const saved = await readFile(result.full_output_path ?? '', 'utf8');
    expect(saved).toContain('match line 4999');
    expect(saved).toContain('match line 2500');
  });

  it('says so when nothing matches, and rejects a malformed glob', async () => {
    expect((await grep({ pattern: 'NOWHERE' })).text).toContain('No matches');
    const malformed = await grep({ pattern: 'x', include: '*.{ts' });
    expect(malformed.is_error).toBe(true);
    expect(malformed.text).toContain('malformed');
  });
});
