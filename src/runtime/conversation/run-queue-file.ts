import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../data-files/write-file-atomic';
import type { QueuedRun } from './run-queue';

const RunQueueFileSchema = z.object({
  queued: z.array(z.object({ conversation_id: z.string(), queued_at: z.string() })),
});

/**
 * `<data-dir>/run-queue.json`: the waiting order, so a restarted runtime asks for the same runs in the
 * same order. Reading never throws: a missing or unreadable file is an empty queue (the runs it named
 * stay idle; the person can run them again), and what was wrong is returned for the log.
 */
export function readRunQueueFile(dataDir: string): { queued: QueuedRun[]; problem?: string } {
  const path = runQueuePath(dataDir);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { queued: [] };
    return { queued: [], problem: `${path} not read: ${String(error)}` };
  }
  try {
    return { queued: RunQueueFileSchema.parse(JSON.parse(text)).queued };
  } catch (error) {
    return { queued: [], problem: `${path} is not a run queue: ${String(error)}` };
  }
}

/** Replaces the file with this order (0600, atomic). Throws the fs error. */
export function writeRunQueueFile(dataDir: string, queued: readonly QueuedRun[]): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileAtomic(runQueuePath(dataDir), `${JSON.stringify({ queued }, null, 2)}\n`, 0o600);
}

function runQueuePath(dataDir: string): string {
  return join(dataDir, 'run-queue.json');
}
