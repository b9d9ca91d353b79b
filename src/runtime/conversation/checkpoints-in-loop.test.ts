import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FilesRestoredEvent } from '../events';
import { checkpointsDir } from './conversation-checkpoints';
import {
  actionsOf as actions,
  checkpointTestBench,
  createFileCall as create,
  runSteps,
} from './testing/checkpoint-test-bench';

const bench = checkpointTestBench();
const { start } = bench;
afterEach(() => bench.close());

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
