import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createEditorHarness, type EditorHarness, type EditorResult } from './testing/create-editor-harness';
import { createFolderSwapper } from './testing/folder-swapper';

let harness: EditorHarness;
let outside: string;
const swapper = createFolderSwapper();

beforeEach(async () => {
  harness = await createEditorHarness();
  outside = join(harness.root, 'home-fake');
  await mkdir(outside);
  await mkdir(harness.inWorkspace('dir'));
});
afterEach(async () => {
  await swapper.stop();
  await harness.dispose();
});

const ATTEMPTS = 120;

/** The agent's background job: swap the workspace folder `dir` for a symlink to the outside folder and back, forever. */
async function startSwapper(): Promise<void> {
  swapper.start(harness.workspaceDir, outside);
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Every file under `directory`, following no links. */
async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function repeatedly(args: (index: number) => Record<string, unknown>): Promise<EditorResult[]> {
  const outcomes: EditorResult[] = [];
  for (let index = 0; index < ATTEMPTS; index++) outcomes.push(await harness.edit(args(index)));
  return outcomes;
}

it('creates raced by a loop swapping the folder for a symlink to an outside folder never land outside', async () => {
  await startSwapper();
  const outcomes = await repeatedly((index) => ({
    command: 'create',
    path: harness.inWorkspace(`dir/file-${index}.txt`),
    file_text: `${index}\n`,
  }));
  expect(await filesUnder(outside)).toEqual([]);
  await swapper.stop();
  expect(await filesUnder(outside)).toEqual([]);
  const refused = outcomes.filter((outcome) => outcome.is_error);
  for (const outcome of refused) expect(outcome.text).toMatch(/only works inside|kept changing/);
  // Every create that succeeded landed in the workspace (wherever the swapping left its folder).
  expect((await filesUnder(harness.workspaceDir)).length).toBe(ATTEMPTS - refused.length);
});

it('views and edits raced the same way never read or change the outside file', async () => {
  await writeFile(join(outside, 'secret.txt'), 'OUTSIDE-SECRET\n');
  await writeFile(harness.inWorkspace('dir/secret.txt'), 'inside 0\n');
  await startSwapper();
  const views = await repeatedly(() => ({ command: 'view', path: harness.inWorkspace('dir/secret.txt') }));
  const edits = await repeatedly(() => ({
    command: 'insert',
    path: harness.inWorkspace('dir/secret.txt'),
    insert_line: 0,
    new_str: 'edited\n',
  }));
  await swapper.stop();
  for (const outcome of [...views, ...edits]) expect(outcome.text).not.toContain('OUTSIDE-SECRET');
  expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('OUTSIDE-SECRET\n');
  expect(await readdir(outside)).toEqual(['secret.txt']);
});
