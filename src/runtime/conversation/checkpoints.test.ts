import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActionEvent, Event, FilesRestoredEvent } from '../events';
import type { ScriptToolCall } from '../llm/llm-script';
import { createToolset } from '../tools/create-toolset';
import { checkpointsDir } from './conversation-checkpoints';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

const realToolset = (options: { conversationId: string; workspaceDir: string; observationsDir: string }) =>
  createToolset({ ...options, sandbox: false });

let harness: ServiceHarness | undefined;
const cleanups: Array<() => void> = [];
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function start(options: { workspace?: string; checkpoints?: boolean } = {}) {
  harness = await createServiceHarness({
    createToolset: realToolset,
    checkpoints: options.checkpoints ?? true,
    ...(options.workspace ? { workspace: options.workspace } : {}),
  });
  return harness;
}

/** Runs one user message through the given steps (each a list of tool calls), then a finish. */
async function runSteps(h: ServiceHarness, id: string, steps: ScriptToolCall[][], text = 'go') {
  h.llm.setScript({
    turns: [
      ...steps.map((tool_calls) => ({ tool_calls })),
      {
        tool_calls: [
          { id: `finish-${steps.length}-${text}`, name: 'finish', arguments: { message: 'done' } },
        ],
      },
    ],
  });
  await h.say(id, text);
  expect(await h.settled(id, 30_000)).toBe('finished');
}

const create = (path: string, text: string, id = `c-${path}`): ScriptToolCall => ({
  id,
  name: 'file_editor',
  arguments: { command: 'create', path, file_text: text },
});

const actions = (events: readonly Event[]) =>
  events.filter((event): event is ActionEvent => event.kind === 'ActionEvent');

function gitRepository(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ckpt-repo-parent-')));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const repo = join(root, 'repo');
  execFileSync('git', ['init', '-q', repo]);
  writeFileSync(join(repo, 'tracked.txt'), 'original\n');
  writeFileSync(join(repo, 'gone-later.txt'), 'here\n');
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args]);
  git('add', '.');
  git('commit', '-q', '-m', 'initial');
  return repo;
}

describe('checkpoints in the loop', () => {
  it('records a checkpoint on steps that may change files, not on views or thoughts', async () => {
    const h = await start();
    const id = await h.create();
    const file = join(h.workspace, 'a.txt');
    await writeFile(file, 'one\n');
    await runSteps(h, id, [
      [{ id: 'v1', name: 'file_editor', arguments: { command: 'view', path: file } }],
      [create(join(h.workspace, 'b.txt'), 'new\n'), { id: 't1', name: 'think', arguments: { thought: 'x' } }],
      [{ id: 'sh', name: 'terminal', arguments: { command: 'echo two > a.txt' } }],
    ]);
    const [view, edit, think, terminal, finish] = actions(await h.events(id));
    expect(view?.checkpoint_id).toBeUndefined();
    expect(think?.checkpoint_id).toBeUndefined();
    expect(finish?.checkpoint_id).toBeUndefined();
    expect(edit?.checkpoint_id).toMatch(/^[0-9a-f]{40}$/);
    expect(terminal?.checkpoint_id).toMatch(/^[0-9a-f]{40}$/);
    expect(terminal?.checkpoint_id).not.toBe(edit?.checkpoint_id);
    expect(existsSync(checkpointsDir(h.dataDir, id))).toBe(true);

    const list = await h.service.listCheckpoints(id);
    expect(list.map((item) => item.id)).toEqual([edit?.checkpoint_id, terminal?.checkpoint_id]);
    expect(list[0]?.event_id).toBe(edit?.id);

    const changes = await h.service.changes(id, 'start', 'now');
    expect(changes.files.map((change) => [change.path, change.status]).sort()).toEqual([
      ['a.txt', 'modified'],
      ['b.txt', 'added'],
    ]);
    const step = await h.service.changes(
      id,
      edit?.checkpoint_id as string,
      terminal?.checkpoint_id as string,
    );
    expect(step.files.map((change) => change.path)).toEqual(['b.txt']);
    const diff = await h.service.fileDiff(id, 'a.txt', 'start', 'now');
    expect(diff.unified).toContain('-one');
    expect(diff.unified).toContain('+two');
    await expect(
      h.service.fileDiff(id, 'b.txt', 'start', edit?.checkpoint_id as string),
    ).rejects.toMatchObject({
      code: 'file_not_changed',
    });
    const before = await h.service.fileAt(id, 'a.txt', 'start');
    expect(before).toMatchObject({ path: 'a.txt', binary: false, content: 'one\n', truncated: false });
    await expect(h.service.fileAt(id, 'b.txt', 'start')).rejects.toMatchObject({ code: 'file_not_found' });
    await expect(h.service.fileAt(id, '../outside', 'now')).rejects.toMatchObject({
      code: 'path_outside_workspace',
    });
    await expect(h.service.changes(id, 'f'.repeat(40), 'now')).rejects.toMatchObject({
      code: 'checkpoint_not_found',
    });
  });

  it('a file that grew past the size limit is listed as not tracked, not as deleted', async () => {
    const h = await start();
    const id = await h.create();
    await writeFile(join(h.workspace, 'grows.log'), 'small\n');
    await runSteps(h, id, [[create(join(h.workspace, 'note.txt'), 'n\n')]]);
    await writeFile(join(h.workspace, 'grows.log'), 'x'.repeat(3 * 1024 * 1024));
    const changes = await h.service.changes(id, 'start', 'now');
    expect(changes.files.map((change) => [change.path, change.status])).toEqual([['note.txt', 'added']]);
    expect(changes.skipped).toEqual([expect.objectContaining({ path: 'grows.log', reason: 'too_large' })]);
  });

  it('a failing snapshot never stops the step: the action runs without a checkpoint', async () => {
    const h = await start();
    const id = await h.create();
    // The shadow repository's place is taken by a file: every snapshot fails.
    const shadow = checkpointsDir(h.dataDir, id);
    await mkdir(dirname(shadow), { recursive: true });
    await writeFile(shadow, 'not a folder');
    await runSteps(h, id, [[create(join(h.workspace, 'x.txt'), 'x\n')]]);
    const [edit] = actions(await h.events(id));
    expect(edit?.checkpoint_id).toBeUndefined();
    expect(await readFile(join(h.workspace, 'x.txt'), 'utf8')).toBe('x\n');
  });

  it('restore puts the files back, records FilesRestoredEvent the model reads, and can be undone', async () => {
    const h = await start();
    const id = await h.create();
    const file = join(h.workspace, 'a.txt');
    await writeFile(file, 'one\n');
    await runSteps(h, id, [
      [
        {
          id: 'sh',
          name: 'terminal',
          arguments: { command: 'echo two > a.txt; rm -f gone.txt; echo n > new.txt' },
        },
      ],
    ]);
    const [step] = actions(await h.events(id));
    const checkpoint = step?.checkpoint_id as string;

    const preview = await h.service.restoreFiles(id, { checkpoint_id: checkpoint, dry_run: true });
    expect(preview.event_id).toBeUndefined();
    expect(preview.files.map((change) => change.path).sort()).toEqual(['a.txt', 'new.txt']);
    expect(await readFile(file, 'utf8')).toBe('two\n');
    expect(await h.kinds(id, 'FilesRestoredEvent')).toEqual([]);

    const restored = await h.service.restoreFiles(id, { checkpoint_id: checkpoint });
    expect(await readFile(file, 'utf8')).toBe('one\n');
    expect(existsSync(join(h.workspace, 'new.txt'))).toBe(false);
    const [event] = (await h.kinds(id, 'FilesRestoredEvent')) as FilesRestoredEvent[];
    expect(event).toMatchObject({
      id: restored.event_id,
      source: 'user',
      checkpoint_id: checkpoint,
      backup_checkpoint_id: restored.backup_checkpoint_id,
    });
    expect(event?.files.map((change) => change.path).sort()).toEqual(['a.txt', 'new.txt']);

    // The next model call reads the note.
    await runSteps(h, id, [], 'carry on');
    const lastCall = h.llm.calls.at(-1);
    const text = JSON.stringify(lastCall?.messages);
    expect(text).toContain('restored the workspace');
    expect(text).toContain('a.txt (put back)');
    expect(text).toContain('new.txt (removed)');

    // Undo: restore to the backup.
    await h.service.restoreFiles(id, { checkpoint_id: restored.backup_checkpoint_id as string });
    expect(await readFile(file, 'utf8')).toBe('two\n');
    expect(await readFile(join(h.workspace, 'new.txt'), 'utf8')).toBe('n\n');
    expect(await h.kinds(id, 'FilesRestoredEvent')).toHaveLength(2);
  });

  it('refuses a restore while a run goes', async () => {
    const h = await start();
    const id = await h.create();
    await runSteps(h, id, [[create(join(h.workspace, 'a.txt'), 'a\n')]]);
    const checkpoint = actions(await h.events(id))[0]?.checkpoint_id as string;
    h.llm.setScript({
      turns: [{ tool_calls: [{ id: 's', name: 'terminal', arguments: { command: 'sleep 5' } }] }],
    });
    await h.say(id, 'wait');
    await h.until(async () => actions(await h.events(id)).length >= 3);
    await expect(h.service.restoreFiles(id, { checkpoint_id: checkpoint })).rejects.toMatchObject({
      code: 'conversation_already_running',
    });
    await h.service.interrupt(id);
    expect(await readFile(join(h.workspace, 'a.txt'), 'utf8')).toBe('a\n');
  });

  it('refuses to start a run while a restore writes the workspace', async () => {
    const h = await start();
    const id = await h.create();
    await runSteps(h, id, [[create(join(h.workspace, 'a.txt'), 'a\n')]]);
    const checkpoint = actions(await h.events(id))[0]?.checkpoint_id as string;
    const restoring = h.service.restoreFiles(id, { checkpoint_id: checkpoint });
    await expect(h.service.run(id)).rejects.toThrow(
      expect.objectContaining({ code: 'conversation_already_running' }),
    );
    const before = (await h.events(id)).length;
    await expect(h.say(id, 'now')).rejects.toThrow(
      expect.objectContaining({ code: 'conversation_already_running' }),
    );
    expect(await h.events(id)).toHaveLength(before);
    await restoring;
    expect(existsSync(join(h.workspace, 'a.txt'))).toBe(false);
    await h.say(id, 'after', false);
  });

  it('without checkpoints, nothing is recorded and the operations say so', async () => {
    const h = await start({ checkpoints: false });
    const id = await h.create();
    await runSteps(h, id, [[create(join(h.workspace, 'a.txt'), 'a\n')]]);
    expect(actions(await h.events(id))[0]?.checkpoint_id).toBeUndefined();
    expect(await h.service.listCheckpoints(id)).toEqual([]);
    await expect(h.service.changes(id, 'start', 'now')).rejects.toMatchObject({
      code: 'checkpoints_unavailable',
    });
    const fork = await h.service.fork(id, { reset_metrics: true });
    expect(fork.branch_folder).toBe(false);
    expect(fork.workspace.working_dir).toBe(h.workspace);
  });
});

describe('forks with files', () => {
  it('copy (no repository): the fork gets the files as they were at the fork point, in its own folder', async () => {
    const parent = realpathSync(mkdtempSync(join(tmpdir(), 'ckpt-plain-')));
    cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
    const workspace = join(parent, 'ws');
    await mkdir(workspace);
    await writeFile(join(workspace, 'a.txt'), 'one\n');
    const h = await start({ workspace });
    const id = await h.create();
    await runSteps(h, id, [[create(join(workspace, 'b.txt'), 'first\n')]], 'first');
    const firstAnswer = (await h.service.get(id)).leaf_event_id as string;
    await runSteps(
      h,
      id,
      [[{ id: 'sh', name: 'terminal', arguments: { command: 'echo two > a.txt; echo second > b.txt' } }]],
      'second',
    );
    const fork = await h.service.fork(id, { from_event_id: firstAnswer, reset_metrics: true });

    expect(fork.branch_folder).toBe(true);
    const folder = fork.workspace.working_dir;
    expect(dirname(folder)).toBe(join(parent, 'ws.branches'));
    expect(readFileSync(join(folder, 'a.txt'), 'utf8')).toBe('one\n');
    expect(readFileSync(join(folder, 'b.txt'), 'utf8')).toBe('first\n');

    // The fork's agent writes in its own folder; the original stays as it was.
    await runSteps(
      h,
      fork.id,
      [[{ id: 'w', name: 'terminal', arguments: { command: 'echo fork > a.txt' } }]],
      'fork work',
    );
    expect(readFileSync(join(folder, 'a.txt'), 'utf8')).toBe('fork\n');
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('two\n');
    expect(readFileSync(join(workspace, 'b.txt'), 'utf8')).toBe('second\n');

    // The copied events' checkpoints stay restorable in the fork.
    const copied = actions(await h.events(fork.id))[0]?.checkpoint_id as string;
    await h.service.restoreFiles(fork.id, { checkpoint_id: copied });
    expect(existsSync(join(folder, 'b.txt'))).toBe(false);
    expect(readFileSync(join(workspace, 'b.txt'), 'utf8')).toBe('second\n');

    // Deleting without delete_files keeps the folder; with it, the folder goes, never the original.
    const second = await h.service.fork(id, { reset_metrics: true });
    await h.service.delete(fork.id);
    expect(existsSync(folder)).toBe(true);
    expect(existsSync(checkpointsDir(h.dataDir, fork.id))).toBe(false);
    await h.service.delete(second.id, { deleteFiles: true });
    expect(existsSync(second.workspace.working_dir)).toBe(false);
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('two\n');
  });

  it('shared: the fork works in the same folder and owns nothing', async () => {
    const h = await start();
    const id = await h.create();
    await runSteps(h, id, [[create(join(h.workspace, 'a.txt'), 'a\n')]]);
    const fork = await h.service.fork(id, { reset_metrics: true, files: 'shared' });
    expect(fork.branch_folder).toBe(false);
    expect(fork.workspace.working_dir).toBe(h.workspace);
    await h.service.delete(fork.id, { deleteFiles: true });
    expect(readFileSync(join(h.workspace, 'a.txt'), 'utf8')).toBe('a\n');
  });

  it('a branch folder another conversation works in is not deleted: branch_folder_in_use, files kept', async () => {
    const h = await start();
    const id = await h.create();
    await runSteps(h, id, [[create(join(h.workspace, 'a.txt'), 'a\n')]]);
    const fork = await h.service.fork(id, { reset_metrics: true, files: 'copy' });
    const folder = fork.workspace.working_dir;
    const sharing = await h.service.fork(fork.id, { reset_metrics: true, files: 'shared' });
    expect(sharing.workspace.working_dir).toBe(folder);

    await expect(h.service.delete(fork.id, { deleteFiles: true })).rejects.toMatchObject({
      code: 'branch_folder_in_use',
    });
    expect(readFileSync(join(folder, 'a.txt'), 'utf8')).toBe('a\n');
    expect((await h.service.get(fork.id)).id).toBe(fork.id);

    // Once nobody else works there, it goes.
    await h.service.delete(sharing.id);
    await h.service.delete(fork.id, { deleteFiles: true });
    expect(existsSync(folder)).toBe(false);
  });

  it('copy (git repository): a detached worktree with the checkpoint files; the repository is untouched', async () => {
    const repo = gitRepository();
    const h = await start({ workspace: repo });
    const id = await h.create();
    await runSteps(
      h,
      id,
      [
        [
          {
            id: 'sh',
            name: 'terminal',
            arguments: { command: 'echo edited > tracked.txt; rm gone-later.txt; echo u > untracked.txt' },
          },
        ],
      ],
      'first',
    );
    const afterFirst = (await h.service.get(id)).leaf_event_id as string;
    await runSteps(
      h,
      id,
      [[{ id: 'sh2', name: 'terminal', arguments: { command: 'echo later > tracked.txt' } }]],
      'second',
    );
    const headBefore = execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
    const statusBefore = execFileSync('git', ['-C', repo, 'status', '--porcelain'], { encoding: 'utf8' });

    const fork = await h.service.fork(id, { from_event_id: afterFirst, reset_metrics: true });
    const folder = fork.workspace.working_dir;
    expect(fork.branch_folder).toBe(true);
    expect(dirname(folder)).toBe(join(dirname(repo), 'repo.branches'));
    expect(readFileSync(join(folder, 'tracked.txt'), 'utf8')).toBe('edited\n');
    expect(readFileSync(join(folder, 'untracked.txt'), 'utf8')).toBe('u\n');
    expect(existsSync(join(folder, 'gone-later.txt'))).toBe(false);
    const branchStatus = execFileSync('git', ['-C', folder, 'status', '--porcelain'], { encoding: 'utf8' });
    expect(branchStatus.split('\n').filter(Boolean).sort()).toEqual([
      ' D gone-later.txt',
      ' M tracked.txt',
      '?? untracked.txt',
    ]);
    expect(execFileSync('git', ['-C', repo, 'worktree', 'list'], { encoding: 'utf8' })).toContain(folder);

    await runSteps(
      h,
      fork.id,
      [[{ id: 'w', name: 'terminal', arguments: { command: 'echo fork > tracked.txt' } }]],
      'fork work',
    );
    expect(readFileSync(join(repo, 'tracked.txt'), 'utf8')).toBe('later\n');
    expect(execFileSync('git', ['-C', repo, 'rev-parse', 'HEAD'], { encoding: 'utf8' })).toBe(headBefore);
    expect(execFileSync('git', ['-C', repo, 'status', '--porcelain'], { encoding: 'utf8' })).toBe(
      statusBefore,
    );

    await h.service.delete(fork.id, { deleteFiles: true });
    expect(existsSync(folder)).toBe(false);
    expect(execFileSync('git', ['-C', repo, 'worktree', 'list'], { encoding: 'utf8' })).not.toContain(folder);
    expect(readFileSync(join(repo, 'tracked.txt'), 'utf8')).toBe('later\n');
  });

  it('runs none of a hostile repository’s hooks, monitors or filters when it makes or removes the worktree', async () => {
    const repo = gitRepository();
    const marker = join(repo, '.git', 'pwned');
    const script = join(repo, 'evil.sh');
    writeFileSync(script, `#!/bin/sh\necho ran >> ${marker}\ncat\n`, { mode: 0o755 });
    await mkdir(join(repo, 'hooks'));
    for (const hook of ['post-checkout', 'reference-transaction', 'post-index-change']) {
      writeFileSync(join(repo, 'hooks', hook), `#!/bin/sh\necho ${hook} >> ${marker}\n`, { mode: 0o755 });
    }
    const config = (...args: string[]) => execFileSync('git', ['-C', repo, 'config', ...args]);
    config('core.hooksPath', join(repo, 'hooks'));
    config('core.fsmonitor', script);
    config('filter.evil.clean', script);
    config('filter.evil.smudge', script);
    writeFileSync(join(repo, '.gitattributes'), '* filter=evil\n');
    const h = await start({ workspace: repo });
    const id = await h.create();
    await runSteps(h, id, [
      [{ id: 'sh', name: 'terminal', arguments: { command: 'echo edited > tracked.txt' } }],
    ]);
    const fork = await h.service.fork(id, { reset_metrics: true, files: 'copy' });
    expect(readFileSync(join(fork.workspace.working_dir, 'tracked.txt'), 'utf8')).toBe('edited\n');
    await h.service.delete(fork.id, { deleteFiles: true });
    expect(existsSync(marker)).toBe(false);
  });
});
