import { join } from 'node:path';
import type { CheckpointStore } from '../checkpoints/checkpoint-store';
import type { ConversationSandbox } from '../sandbox/sandbox-kind';
import { createWatchedSnapshots, type WatchedSnapshots } from '../checkpoints/watched-snapshots';
import { watchWorkspace } from '../checkpoints/workspace-watcher';
import type { RuntimeLogger } from '../logging/runtime-logger';

/** What one conversation's checkpoint store is made from. */
export interface CheckpointStoreRequest {
  conversationId: string;
  workspaceDir: string;
  /** Where its git calls run: the conversation's sandbox; absent: the runtime's default. */
  sandbox?: ConversationSandbox;
  /** `<data-dir>/checkpoints/<conversation id without dashes>`: the shadow repository. */
  shadowDir: string;
  /** Where the store reports what it repaired; undefined in tests that build no logger. */
  logger?: RuntimeLogger;
}

/** How long a step waits for its snapshot before it goes on without one. */
export const CHECKPOINT_TIMEOUT_MS = 10_000;

/** `<data-dir>/checkpoints/<conversation id without dashes>/` */
export function checkpointsDir(dataDir: string, conversationId: string): string {
  return join(dataDir, 'checkpoints', conversationId.replaceAll('-', ''));
}

/**
 * The conversations' checkpoint stores, each created on first use. Every store's operations run one
 * at a time (a snapshot for a step and one for the changes panel must not race on the shadow index).
 */
export function createConversationCheckpoints(options: {
  dataDir: string;
  create: ((request: CheckpointStoreRequest) => CheckpointStore) | undefined;
  logger?: RuntimeLogger;
}) {
  const stores = new Map<string, CheckpointStore>();
  const queues = new Map<string, Queue>();
  const watchedOf = new Map<string, WatchedSnapshots>();
  const queueOf = (conversationId: string): Queue => {
    let queue = queues.get(conversationId);
    if (!queue) {
      queue = createQueue();
      queues.set(conversationId, queue);
    }
    return queue;
  };
  const of = (
    conversationId: string,
    workspaceDir: string,
    sandbox?: ConversationSandbox,
  ): CheckpointStore | undefined => {
    if (!options.create) return undefined;
    let store = stores.get(conversationId);
    if (!store) {
      store = serialized(
        options.create({
          conversationId,
          workspaceDir,
          ...(sandbox ? { sandbox } : {}),
          shadowDir: checkpointsDir(options.dataDir, conversationId),
          ...(options.logger ? { logger: options.logger } : {}),
        }),
        queueOf(conversationId),
      );
      stores.set(conversationId, store);
    }
    return store;
  };
  return {
    /** False when the runtime was built without checkpoints (some tests). */
    enabled: options.create !== undefined,
    /** The conversation's store; undefined without checkpoints. */
    of,
    /**
     * The conversation's step checkpoints (a watcher lives while a run does, so a step whose
     * workspace did not change since the last snapshot reuses it); undefined without checkpoints.
     */
    watched(
      conversationId: string,
      workspaceDir: string,
      sandbox?: ConversationSandbox,
    ): WatchedSnapshots | undefined {
      const store = of(conversationId, workspaceDir, sandbox);
      if (!store) return undefined;
      let watched = watchedOf.get(conversationId);
      if (!watched) {
        watched = createWatchedSnapshots({
          take: () => store.snapshot(),
          watch: () => watchWorkspace(workspaceDir),
          onPrefetchError: (error) =>
            options.logger?.warn('background checkpoint failed; the step takes its own', {
              conversation_id: conversationId,
              error,
            }),
        });
        watchedOf.set(conversationId, watched);
      }
      return watched;
    },
    /** The run ended: stop watching its workspace (a watcher is held only while a run goes). */
    release(conversationId: string): void {
      void watchedOf.get(conversationId)?.release();
    },
    /** Stops every watcher (the service closes). */
    async releaseAll(): Promise<void> {
      await Promise.allSettled([...watchedOf.values()].map((watched) => watched.release()));
    },
    /** Runs `work` when none of the conversation's store operations runs, and none starts meanwhile. */
    exclusive<T>(conversationId: string, work: () => Promise<T>): Promise<T> {
      return queueOf(conversationId)(work);
    },
    /** Whether anything of the conversation is cached here (a store, its queue or its watcher). */
    holds(conversationId: string): boolean {
      return stores.has(conversationId) || queues.has(conversationId) || watchedOf.has(conversationId);
    },
    /** Drops the cached store (the conversation is deleted). */
    forget(conversationId: string): void {
      void watchedOf.get(conversationId)?.release();
      watchedOf.delete(conversationId);
      stores.delete(conversationId);
      queues.delete(conversationId);
    },
  };
}

export type ConversationCheckpoints = ReturnType<typeof createConversationCheckpoints>;

/**
 * A snapshot before a step: the checkpoint id, or undefined when it failed, took longer than
 * `timeoutMs` or the run was interrupted meanwhile. Never rejects: a checkpoint never stops a step.
 */
export async function snapshotBeforeStep(
  store: Pick<CheckpointStore, 'snapshot'>,
  options: { conversationId: string; signal: AbortSignal; timeoutMs?: number; logger: RuntimeLogger },
): Promise<string | undefined> {
  const timeoutMs = options.timeoutMs ?? CHECKPOINT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const gaveUp = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      options.logger.warn(`checkpoint took over ${timeoutMs} ms; the step goes on without one`, {
        conversation_id: options.conversationId,
      });
      resolve(undefined);
    }, timeoutMs);
    onAbort = () => resolve(undefined);
    options.signal.addEventListener('abort', onAbort, { once: true });
  });
  const snapshot = store.snapshot().then(
    (checkpoint) => checkpoint.id,
    (error: unknown) => {
      options.logger.warn('checkpoint failed; the step goes on without one', {
        conversation_id: options.conversationId,
        error,
      });
      return undefined;
    },
  );
  try {
    return await Promise.race([snapshot, gaveUp]);
  } finally {
    clearTimeout(timer);
    if (onAbort) options.signal.removeEventListener('abort', onAbort);
  }
}

type Queue = <T>(operation: () => Promise<T>) => Promise<T>;

function createQueue(): Queue {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(operation: () => Promise<T>): Promise<T> => {
    const result = tail.then(operation, operation);
    tail = result.catch(() => undefined);
    return result;
  };
}

/** The same store, its operations queued so that only one runs at a time. */
function serialized(store: CheckpointStore, enqueue: Queue): CheckpointStore {
  return {
    snapshot: () => enqueue(() => store.snapshot()),
    changes: (from, to) => enqueue(() => store.changes(from, to)),
    diff: (from, to, path) => enqueue(() => store.diff(from, to, path)),
    readFile: (at, path) => enqueue(() => store.readFile(at, path)),
    previewRestore: (checkpoint) => enqueue(() => store.previewRestore(checkpoint)),
    restore: (checkpoint) => enqueue(() => store.restore(checkpoint)),
    materialize: (checkpoint, target) => enqueue(() => store.materialize(checkpoint, target)),
    remove: () => enqueue(() => store.remove()),
  };
}
