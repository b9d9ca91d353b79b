import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Checkpoint } from './checkpoint-store';
import { createWatchedSnapshots, type WatchedSnapshots } from './watched-snapshots';
import { type WorkspaceWatcher, watchWorkspace } from './workspace-watcher';

let root: string;
let workspace: string;
let watched: WatchedSnapshots | undefined;
const watchers: WorkspaceWatcher[] = [];

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'awb-watched-')));
  workspace = join(root, 'workspace');
  mkdirSync(workspace);
});

afterEach(async () => {
  await watched?.release();
  watched = undefined;
  for (const watcher of watchers.splice(0)) await watcher.close();
  rmSync(root, { recursive: true, force: true });
});

/**
 * A stand-in for the store's snapshot (the real one is tested with git and bubblewrap elsewhere):
 * each call is a new checkpoint; `during` runs while the "scan" runs.
 */
function fakeTake(during?: (taken: number) => void) {
  let taken = 0;
  return {
    taken: () => taken,
    take: async (): Promise<Checkpoint> => {
      taken += 1;
      during?.(taken);
      return { id: taken.toString(16).padStart(40, '0'), created_at: new Date(0).toISOString(), skipped: [] };
    },
  };
}

function create(take: () => Promise<Checkpoint>) {
  watched = createWatchedSnapshots({
    take,
    watch: async () => {
      const watcher = await watchWorkspace(workspace);
      watchers.push(watcher);
      return watcher;
    },
  });
  return watched;
}

describe('createWatchedSnapshots', () => {
  it('gives the same checkpoint again while nothing changes, a new one after a change', async () => {
    const fake = fakeTake();
    const snapshots = create(fake.take);
    const first = await snapshots.snapshot();
    expect((await snapshots.snapshot()).id).toBe(first.id);
    writeFileSync(join(workspace, 'a.txt'), 'changed\n');
    expect((await snapshots.snapshot()).id).not.toBe(first.id);
    expect(fake.taken()).toBe(2);
  });

  it('never reuses a snapshot whose scan a change overlapped', async () => {
    const fake = fakeTake((taken) => {
      if (taken === 1) writeFileSync(join(workspace, 'during-scan.txt'), 'maybe missed\n');
    });
    const snapshots = create(fake.take);
    const first = await snapshots.snapshot();
    expect((await snapshots.snapshot()).id).not.toBe(first.id);
  });

  it('a step waits for the snapshot begun in the background and takes it when nothing changed since', async () => {
    const fake = fakeTake();
    const snapshots = create(fake.take);
    snapshots.prefetch();
    const checkpoint = await snapshots.snapshot();
    expect(fake.taken()).toBe(1);
    expect(checkpoint.id).toBe('1'.padStart(40, '0'));
  });

  it('after release (the run ended) the next snapshot is taken fresh, then held again', async () => {
    const fake = fakeTake();
    const snapshots = create(fake.take);
    await snapshots.snapshot();
    snapshots.prefetch();
    await snapshots.release();
    await snapshots.snapshot();
    expect(fake.taken()).toBe(2);
    await snapshots.snapshot();
    expect(fake.taken()).toBe(2);
  });
});
