import { describe, expect, it } from 'vitest';
import type { LogFields, RuntimeLogger } from '../logging/runtime-logger';
import type { Checkpoint, CheckpointStore } from '../checkpoints/checkpoint-store';
import { createConversationCheckpoints, snapshotBeforeStep } from './conversation-checkpoints';

const ID = 'a'.repeat(40);

function collectingLogger(): RuntimeLogger & { records: { message: string; fields?: LogFields }[] } {
  const records: { message: string; fields?: LogFields }[] = [];
  const record = (message: string, fields?: LogFields) => records.push({ message, fields });
  return { records, warn: record, error: record };
}

/** A stand-in whose snapshot answers as told (the real store cannot be made slow or failing on cue). */
function standIn(snapshot: () => Promise<Checkpoint>): CheckpointStore {
  const unused = () => Promise.reject(new Error('not used'));
  return {
    snapshot,
    changes: unused,
    diff: unused,
    readFile: unused,
    previewRestore: unused,
    restore: unused,
    materialize: unused,
    remove: unused,
  };
}

describe('snapshotBeforeStep', () => {
  it('gives the checkpoint id', async () => {
    const store = standIn(async () => ({ id: ID, created_at: '', skipped: [] }));
    const signal = new AbortController().signal;
    const logger = collectingLogger();
    expect(await snapshotBeforeStep(store, { conversationId: 'c', signal, logger })).toBe(ID);
    expect(logger.records).toEqual([]);
  });

  it('gives up after the time box, and on failure, without throwing', async () => {
    const logger = collectingLogger();
    const signal = new AbortController().signal;
    const never = standIn(() => new Promise(() => undefined));
    expect(
      await snapshotBeforeStep(never, { conversationId: 'c', signal, timeoutMs: 50, logger }),
    ).toBeUndefined();
    const failing = standIn(() => Promise.reject(new Error('disk full')));
    expect(await snapshotBeforeStep(failing, { conversationId: 'c', signal, logger })).toBeUndefined();
    expect(logger.records.map((record) => record.message)).toEqual([
      'checkpoint took over 50 ms; the step goes on without one',
      'checkpoint failed; the step goes on without one',
    ]);
    expect(logger.records[1]?.fields).toMatchObject({
      conversation_id: 'c',
      error: { message: 'disk full' },
    });
  });

  it('stops waiting when the run is interrupted', async () => {
    const controller = new AbortController();
    const never = standIn(() => new Promise(() => undefined));
    const logger = collectingLogger();
    const waiting = snapshotBeforeStep(never, { conversationId: 'c', signal: controller.signal, logger });
    controller.abort();
    expect(await waiting).toBeUndefined();
    expect(logger.records).toEqual([]);
  });
});

describe('createConversationCheckpoints', () => {
  it('runs one store operation at a time per conversation', async () => {
    let running = 0;
    let most = 0;
    const store = standIn(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
      return { id: ID, created_at: '', skipped: [] };
    });
    const checkpoints = createConversationCheckpoints({ dataDir: '/data', create: () => store });
    const wrapped = checkpoints.of('c', '/ws') as CheckpointStore;
    const copy = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
    };
    await Promise.all([wrapped.snapshot(), checkpoints.exclusive('c', copy), wrapped.snapshot()]);
    expect(most).toBe(1);
    expect(
      createConversationCheckpoints({ dataDir: '/data', create: undefined }).of('c', '/ws'),
    ).toBeUndefined();
  });
});
