import pg from 'pg';
import type { RuntimeLogger } from '../logging/runtime-logger';
import { APPEND_CHANNEL } from './pg-event-store';

/** Tells watchers that a conversation has new committed events, whichever runtime appended them. */
export interface AppendFeed {
  /** Calls `onAppend` after each commit to the conversation (and once after a lost connection is back). */
  watch(conversationId: string, onAppend: () => void): () => void;
  close(): Promise<void>;
}

const RECONNECT_MS = 1_000;

/**
 * PostgreSQL's LISTEN on one connection of its own, opened with the first watcher. Appends announce
 * themselves with pg_notify in their transaction, so a notice arrives only after the commit. A notice
 * carries no events: the watcher reads what follows its last seq from the store, so a notice lost with
 * a dropped connection costs nothing but the wait for the reconnect, after which every watcher reads.
 */
export function createPgAppendFeed(connectionString: string, logger: RuntimeLogger): AppendFeed {
  const watchers = new Map<string, Set<() => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const notifyAll = () => {
    for (const set of watchers.values()) for (const watcher of set) watcher();
  };

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        if (message.channel !== APPEND_CHANNEL || !message.payload) return;
        for (const watcher of watchers.get(message.payload) ?? []) watcher();
      });
      const lost = (error?: unknown) => {
        if (client !== next) return;
        client = undefined;
        connecting = undefined;
        next.end().catch(() => undefined);
        if (closed) return;
        if (error) logger.warn('the append feed lost its database connection; reconnecting', { error });
        retry = setTimeout(() => void connect().then(notifyAll, () => undefined), RECONNECT_MS);
        retry.unref();
      };
      next.on('error', lost);
      next.on('end', () => lost());
      try {
        await next.connect();
        await next.query(`LISTEN ${APPEND_CHANNEL}`);
      } catch (error) {
        connecting = undefined;
        next.end().catch(() => undefined);
        if (!closed) {
          logger.warn('the append feed cannot reach the database; retrying', { error });
          retry = setTimeout(() => void connect().then(notifyAll, () => undefined), RECONNECT_MS);
          retry.unref();
        }
        throw error;
      }
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
    })();
    return connecting;
  }

  return {
    watch(conversationId, onAppend) {
      let set = watchers.get(conversationId);
      if (!set) {
        set = new Set();
        watchers.set(conversationId, set);
      }
      set.add(onAppend);
      if (!client) void connect().then(onAppend, () => undefined);
      return () => {
        set.delete(onAppend);
        if (set.size === 0 && watchers.get(conversationId) === set) watchers.delete(conversationId);
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      watchers.clear();
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
