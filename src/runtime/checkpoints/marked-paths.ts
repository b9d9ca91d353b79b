/**
 * The paths a watcher's events named, looked at again one at a time in the order they were first
 * marked. A process that churns files sends events far faster than anything can be read: work queued
 * per event held the runtime's event loop and memory, and a settle never saw the queue empty. Here an
 * event costs a map entry; a path marked again keeps its place (the look comes later and sees the
 * latest state anyway), and a settle waits only for what was marked before it.
 */
export interface MarkedPaths {
  /**
   * Marks `path` (none for an event that names nothing) and, with `root`, the watched root itself.
   * False when more distinct paths wait than the limit: the caller should give up.
   */
  mark(path: string | undefined, renamed: boolean, root: boolean): boolean;
  /** Resolves once every path marked before the call was looked at; at once when stopped. */
  lookedAtAll(): Promise<void>;
  /** Drops what waits and releases every waiter (the watcher gave up or closed). */
  clear(): void;
}

export interface MarkedPathsOptions {
  /** Looks at `path` again; `renamed` when one of its events was a rename. */
  look(path: string, renamed: boolean): Promise<void>;
  /** Looks at the watched root itself (replaced, deleted). */
  lookAtRoot(): Promise<void>;
  /** True once nothing more is to be looked at. */
  stopped(): boolean;
  /** A look failed: the caller gives up. */
  onError(error: unknown): void;
  /** The most distinct paths that may wait. */
  limit: number;
}

/** The key of the watched root's own look: no path an event names is empty. */
const ROOT = '';

export function markedPaths(options: MarkedPathsOptions): MarkedPaths {
  /** Paths to look at again (ROOT for the root itself); true when one of their events was a rename. */
  const pending = new Map<string, boolean>();
  let working = false;
  /** How many paths were marked, and how many looked at: a settle waits for its own count. */
  let marked = 0;
  let looked = 0;
  const waiting: { ticket: number; resolve: () => void }[] = [];

  const release = (all: boolean) => {
    for (let index = waiting.length - 1; index >= 0; index--) {
      const entry = waiting[index];
      if (entry && (all || entry.ticket <= looked)) {
        waiting.splice(index, 1);
        entry.resolve();
      }
    }
  };

  const add = (key: string, renamed: boolean) => {
    if (!pending.has(key)) marked += 1;
    pending.set(key, renamed || pending.get(key) === true);
  };

  const work = async () => {
    try {
      while (!options.stopped()) {
        const next = pending.entries().next();
        if (next.done) return;
        const [path, renamed] = next.value;
        pending.delete(path);
        await (path === ROOT ? options.lookAtRoot() : options.look(path, renamed));
        looked += 1;
        release(false);
      }
    } finally {
      // Cleared in the same turn the loop found nothing left, so the next event starts a new one.
      working = false;
    }
  };

  return {
    mark(path, renamed, root) {
      // The root waits in the same queue, so a settle also waits for the root's look it came after.
      if (root) add(ROOT, false);
      if (path !== undefined) add(path, renamed);
      if (pending.size > options.limit) return false;
      if (!working) {
        working = true;
        work().catch(options.onError);
      }
      return true;
    },
    lookedAtAll() {
      const ticket = marked;
      if (looked >= ticket || options.stopped()) return Promise.resolve();
      return new Promise<void>((resolve) => waiting.push({ ticket, resolve }));
    },
    clear() {
      pending.clear();
      release(true);
    },
  };
}
