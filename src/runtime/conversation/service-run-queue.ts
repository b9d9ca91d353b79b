import type { RuntimeLogger } from '../logging/runtime-logger';
import { defaultMaxConcurrentRuns } from '../settings/max-concurrent-runs';
import type { RuntimeSettings } from '../settings/runtime-settings';
import type { LiveConversation } from './live-conversation';
import { createRunQueue, type RunQueue } from './run-queue';
import { readRunQueueFile, writeRunQueueFile } from './run-queue-file';

export interface ServiceRunQueuePorts {
  dataDir: string;
  settings(): RuntimeSettings;
  now(): string;
  logger: RuntimeLogger;
  /** Several runtimes on one database: each keeps its own queue in memory, no file (CONTRACT §6). */
  shared: boolean;
  /** Runs a callback on the loaded conversation (the registry's `with`); set once the registry exists. */
  withConversation(id: string, use: (live: LiveConversation) => Promise<void>): Promise<void>;
}

/**
 * The runtime's run queue as the conversation service uses it: the limit read from the settings on
 * every use, a granted slot starting the conversation's waiting run (or passing on when it cannot),
 * the order saved to `<data-dir>/run-queue.json`, and `requeue`, which asks again for the runs a
 * stopped runtime left waiting, in their order. Never throws: failures are logged.
 */
export function createServiceRunQueue(ports: ServiceRunQueuePorts): {
  queue: RunQueue;
  requeue(): Promise<void>;
} {
  const queue: RunQueue = createRunQueue({
    limit: () => ports.settings().max_concurrent_runs ?? defaultMaxConcurrentRuns(),
    now: ports.now,
    grant: (id) => {
      ports
        .withConversation(id, (live) => live.startGranted())
        .catch((error: unknown) => {
          // Deleted, or owned by another runtime now: its turn passes to the next.
          queue.release(id);
          ports.logger.warn('a queued run did not start', { conversation_id: id, error });
        });
    },
    ...(ports.shared
      ? {}
      : {
          changed: (queued) => {
            try {
              writeRunQueueFile(ports.dataDir, queued);
            } catch (error) {
              ports.logger.warn('the run queue was not saved', { error });
            }
          },
        }),
  });
  return {
    queue,
    async requeue() {
      if (ports.shared) return;
      const saved = readRunQueueFile(ports.dataDir);
      if (saved.problem) ports.logger.warn('the run queue was not restored', { error: saved.problem });
      for (const { conversation_id: id } of saved.queued) {
        await ports
          .withConversation(id, (live) => live.run())
          .catch((error: unknown) =>
            ports.logger.warn('a queued run was dropped', { conversation_id: id, error }),
          );
      }
    },
  };
}
