import { describe, expect, it, vi } from 'vitest';
import type { Checkpoint, CheckpointStore } from '../checkpoints/checkpoint-store';
import { createConversationCheckpoints, snapshotBeforeStep } from './conversation-checkpoints';

const ID = 'a'.repeat(40);

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
    expect(await snapshotBeforeStep(store, { conversationId: 'c', signal })).toBe(ID);
  });

  it('gives up after the time box, and on failure, without throwing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const signal = new AbortController().signal;
    const never = standIn(() => new Promise(() => undefined));
    const started = Date.now();
    expect(await snapshotBeforeStep(never, { conversationId: 'c', signal, timeoutMs: 50 })).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
    const failing = standIn(() => Promise.reject(new Error('disk full')));
    expect(await snapshotBeforeStep(failing, { conversationId: 'c', signal })).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('stops waiting when the run is interrupted', async () => {
    const controller = new AbortController();
    const never = standIn(() => new Promise(() => undefined));
    const waiting = snapshotBeforeStep(never, { conversationId: 'c', signal: controller.signal });
    controller.abort();
    expect(await waiting).toBeUndefined();
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
