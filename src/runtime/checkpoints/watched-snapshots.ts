import type { Checkpoint } from './checkpoint-store';
import type { WorkspaceWatcher } from './workspace-watcher';

/**
 * Step checkpoints off the step's path: a snapshot is begun while the model thinks (prefetch), and a
 * step takes the last snapshot again instead of a new one when the workspace watcher proves that
 * nothing changed since that snapshot began. A snapshot counts only from the moment its scan starts:
 * the watcher is settled first, so every change made before is either in it or already counted.
 */
export interface WatchedSnapshots {
  /** Begins, in the background, the snapshot the next step will want (nothing when the last one holds). Never throws. */
  prefetch(): void;
  /**
   * The workspace as it is now: the last snapshot when no change was seen since it began, else a new
   * one. Rejects as the store's snapshot does.
   */
  snapshot(): Promise<Checkpoint>;
  /** Stops watching (the run ended): the next snapshot is taken fresh. */
  release(): Promise<void>;
}

export interface WatchedSnapshotsOptions {
  /** A fresh snapshot (the store's, queued with its other operations). */
  take(): Promise<Checkpoint>;
  /** Starts watching the workspace; called once per run, on the first snapshot or prefetch. */
  watch(): Promise<WorkspaceWatcher>;
  /** Told when a background snapshot failed (the step will take its own). */
  onPrefetchError?(error: unknown): void;
}

interface Held {
  checkpoint: Checkpoint;
  /** The watcher's generation when the snapshot's scan began. */
  generation: number;
  watcher: WorkspaceWatcher;
}

export function createWatchedSnapshots(options: WatchedSnapshotsOptions): WatchedSnapshots {
  let watching: Promise<WorkspaceWatcher> | undefined;
  let held: Held | undefined;
  let running: Promise<unknown> | undefined;
  /** Bumped by release: work begun before it arms no watcher and holds nothing. */
  let epoch = 0;

  const watcher = () => {
    watching ??= options.watch();
    return watching;
  };

  /** The held snapshot, if the watcher proves the workspace is still as it was when the scan began. */
  const stillHolds = async (begun: number): Promise<Checkpoint | undefined> => {
    const candidate = held;
    if (begun !== epoch || !candidate || !candidate.watcher.healthy()) return undefined;
    if ((await watcher()) !== candidate.watcher) return undefined;
    await candidate.watcher.settle();
    const unchanged = candidate.watcher.healthy() && candidate.watcher.generation() === candidate.generation;
    return unchanged && held === candidate ? candidate.checkpoint : undefined;
  };

  /** A new snapshot; held for later steps when a live watcher counted from before its scan began. */
  const takeFresh = async (begun: number): Promise<Checkpoint> => {
    if (begun !== epoch) return options.take();
    const current = await watcher();
    await current.settle();
    const generation = current.generation();
    const checkpoint = await options.take();
    if (begun === epoch && current.healthy()) held = { checkpoint, generation, watcher: current };
    return checkpoint;
  };

  /** One snapshot at a time: a step that asks while one runs waits for it, then checks it again. */
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const started = work();
    running = started;
    const done = () => {
      if (running === started) running = undefined;
    };
    started.then(done, done);
    return started;
  };

  return {
    prefetch() {
      if (running) return;
      const begun = epoch;
      exclusive(async () => {
        if ((await stillHolds(begun)) === undefined && begun === epoch) await takeFresh(begun);
      }).catch((error: unknown) => options.onPrefetchError?.(error));
    },
    async snapshot() {
      while (running) await running.catch(() => undefined);
      const begun = epoch;
      return exclusive(async () => (await stillHolds(begun)) ?? (await takeFresh(begun)));
    },
    async release() {
      epoch += 1;
      const closing = watching;
      watching = undefined;
      held = undefined;
      if (closing) await (await closing).close();
    },
  };
}
