/** One conversation waiting for a run slot, as the API shows it and as run-queue.json keeps it. */
export interface QueuedRun {
  conversation_id: string;
  queued_at: string;
}

export interface RunQueuePorts {
  /** How many runs may go at once now (settings are read on every use); at least 1. */
  limit(): number;
  now(): string;
  /** A waiting conversation's turn came: its slot is taken; it must start or `release` it. */
  grant(conversationId: string): void;
  /** The waiting order changed (persist it); called after the change, never during a grant. */
  changed?(queued: readonly QueuedRun[]): void;
}

/**
 * Run slots shared by every conversation of a runtime: at most `limit()` runs at once, the rest wait
 * first in, first out. A conversation holds at most one slot and waits in at most one place. Pure
 * bookkeeping over injected ports; never throws. A raised limit takes effect at the next admit or
 * release.
 */
export function createRunQueue(ports: RunQueuePorts) {
  const running = new Set<string>();
  const waiting: QueuedRun[] = [];
  /** Shutting down: runs stop, nobody else starts, and the waiting order stays as it was for a restart. */
  let closed = false;

  const indexOf = (id: string) => waiting.findIndex((entry) => entry.conversation_id === id);
  const notify = () => {
    if (!closed) ports.changed?.(waiting.map((entry) => ({ ...entry })));
  };

  /** Starts waiting conversations while there is room, in order. */
  function pump(): void {
    let granted = false;
    while (!closed && waiting.length > 0 && running.size < Math.max(1, ports.limit())) {
      const next = waiting.shift() as QueuedRun;
      running.add(next.conversation_id);
      granted = true;
      ports.grant(next.conversation_id);
    }
    if (granted) notify();
  }

  return {
    /**
     * Asks for a slot: true when the conversation holds one now (it had one, or one is free and
     * nobody waits before it); else it waits at the end of the queue (or keeps its place) and false.
     */
    admit(id: string, queuedAt: string = ports.now()): boolean {
      if (running.has(id)) return true;
      if (indexOf(id) >= 0) return false;
      if (waiting.length === 0 && running.size < Math.max(1, ports.limit())) {
        running.add(id);
        return true;
      }
      waiting.push({ conversation_id: id, queued_at: queuedAt });
      notify();
      return false;
    },
    /** Takes a slot beyond the limit (a run that continues after an approval); no-op when held. */
    occupy(id: string): void {
      running.add(id);
    },
    /** Frees the conversation's slot, if it holds one, and starts whoever waits next. */
    release(id: string): void {
      if (!running.delete(id)) return;
      pump();
    },
    /** Takes the conversation out of the queue (paused, stopped, deleted); true when it waited. */
    cancel(id: string): boolean {
      const index = indexOf(id);
      if (closed) return index >= 0;
      if (index < 0) return false;
      waiting.splice(index, 1);
      notify();
      return true;
    },
    /** Where the conversation waits (1: next), or undefined when it does not. */
    position(id: string): (QueuedRun & { position: number }) | undefined {
      const index = indexOf(id);
      const entry = waiting[index];
      return entry ? { ...entry, position: index + 1 } : undefined;
    },
    holds: (id: string): boolean => running.has(id),
    queued: (): readonly QueuedRun[] => waiting.map((entry) => ({ ...entry })),
    runningCount: (): number => running.size,
    /** Starts whoever fits after the limit was raised. */
    pump,
    /** The runtime shuts down: from now on nothing is granted, and the order is neither changed nor told. */
    close(): void {
      closed = true;
    },
  };
}

export type RunQueue = ReturnType<typeof createRunQueue>;
