import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRunQueue, type QueuedRun } from './run-queue';
import { readRunQueueFile, writeRunQueueFile } from './run-queue-file';

function queueWith(limit: number) {
  const granted: string[] = [];
  const saved: (readonly QueuedRun[])[] = [];
  let tick = 0;
  const state = { limit };
  const queue = createRunQueue({
    limit: () => state.limit,
    now: () => `2026-01-01T00:00:${String(tick++).padStart(2, '0')}.000Z`,
    grant: (id) => granted.push(id),
    changed: (queued) => saved.push(queued),
  });
  return { queue, granted, saved, state };
}

describe('run queue', () => {
  it('admits up to the limit and queues the rest first in, first out', () => {
    const { queue, granted } = queueWith(1);
    expect(queue.admit('a')).toBe(true);
    expect(queue.admit('b')).toBe(false);
    expect(queue.admit('c')).toBe(false);
    expect(queue.position('b')?.position).toBe(1);
    expect(queue.position('c')?.position).toBe(2);
    queue.release('a');
    expect(granted).toEqual(['b']);
    expect(queue.holds('b')).toBe(true);
    expect(queue.position('c')?.position).toBe(1);
    queue.release('b');
    expect(granted).toEqual(['b', 'c']);
  });

  it('keeps a waiting conversation in its place when it asks again', () => {
    const { queue } = queueWith(1);
    queue.admit('a');
    queue.admit('b');
    queue.admit('c');
    expect(queue.admit('b')).toBe(false);
    expect(queue.queued().map((entry) => entry.conversation_id)).toEqual(['b', 'c']);
  });

  it('lets a conversation that holds a slot keep it, and never overtakes those who wait', () => {
    const { queue } = queueWith(2);
    queue.admit('a');
    queue.occupy('x');
    expect(queue.admit('b')).toBe(false);
    expect(queue.admit('a')).toBe(true);
    queue.release('x');
    // b waited, so a newcomer queues behind nobody only once b has its slot
    expect(queue.holds('b')).toBe(true);
    expect(queue.admit('c')).toBe(false);
  });

  it('cancel takes a conversation out and the others move up; a release of no slot grants nothing', () => {
    const { queue, granted } = queueWith(1);
    queue.admit('a');
    queue.admit('b');
    queue.admit('c');
    expect(queue.cancel('b')).toBe(true);
    expect(queue.cancel('b')).toBe(false);
    expect(queue.position('c')?.position).toBe(1);
    queue.release('nobody');
    expect(granted).toEqual([]);
    queue.release('a');
    expect(granted).toEqual(['c']);
  });

  it('a raised limit starts waiting runs at the next pump', () => {
    const { queue, granted, state } = queueWith(1);
    queue.admit('a');
    queue.admit('b');
    queue.admit('c');
    state.limit = 3;
    queue.pump();
    expect(granted).toEqual(['b', 'c']);
    expect(queue.runningCount()).toBe(3);
  });

  it('tells every change of the waiting order, with the time each began to wait', () => {
    const { queue, saved } = queueWith(1);
    queue.admit('a');
    queue.admit('b');
    queue.release('a');
    expect(saved.map((order) => order.map((entry) => entry.conversation_id))).toEqual([['b'], []]);
    expect(saved[0]?.[0]?.queued_at).toMatch(/^2026-01-01T00:00:\d\d\.000Z$/);
  });
});

describe('run queue file', () => {
  const folders: string[] = [];
  const folder = () => {
    const made = mkdtempSync(join(tmpdir(), 'awb-run-queue-'));
    folders.push(made);
    return made;
  };
  afterEach(() => {
    for (const made of folders.splice(0)) rmSync(made, { recursive: true, force: true });
  });

  it('a restart reads the order back exactly as written', () => {
    const dataDir = folder();
    const order = [
      { conversation_id: 'b', queued_at: '2026-01-01T00:00:01.000Z' },
      { conversation_id: 'a', queued_at: '2026-01-01T00:00:02.000Z' },
    ];
    writeRunQueueFile(dataDir, order);
    expect(readRunQueueFile(dataDir)).toEqual({ queued: order });
  });

  it('a missing file is an empty queue, a broken one too (with the problem named)', () => {
    const dataDir = folder();
    expect(readRunQueueFile(dataDir)).toEqual({ queued: [] });
    writeFileSync(join(dataDir, 'run-queue.json'), '{"queued": [{"conversation_id": 3}]}');
    const read = readRunQueueFile(dataDir);
    expect(read.queued).toEqual([]);
    expect(read.problem).toContain('is not a run queue');
  });
});
