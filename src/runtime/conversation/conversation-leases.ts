import type { RuntimeLogger } from '../logging/runtime-logger';
import type { LeaseClaim, LeaseStore } from '../store/lease-store';

export interface ConversationLeases {
  /** Takes the conversation's lease (or finds it held elsewhere). */
  claim(conversationId: string): Promise<LeaseClaim>;
  /** Starts the heartbeat: renew, give up what was lost, take over what dead runtimes left. */
  start(url: string, handlers: LeaseHandlers): Promise<void>;
  /** Stops the heartbeat and gives every lease back. */
  close(): Promise<void>;
  /** Where this runtime answers, as given to start ('' before). */
  url(): string;
}

export interface LeaseHandlers {
  /** Another runtime holds it now (ours expired): stop running it here. */
  lost(conversationId: string): Promise<void>;
  /** Taken from a runtime that is gone, mid-run: recover it as after a restart. */
  adopted(conversationId: string): Promise<void>;
}

/** Default lease: a runtime that stops renewing loses its conversations after 15 s. */
export const DEFAULT_LEASE_TTL_MS = 15_000;

/**
 * How often a runtime looks for conversations a dead runtime left mid-run. A dead owner's session
 * ends with it, so its leases are free at once (pg-lease-store.ts); looking every second makes a
 * run nobody asks about move within about a second too. One indexed query.
 */
const ADOPT_EVERY_MS = 1_000;

/**
 * This runtime's leases. Held leases are renewed together every third of the lease time, and
 * conversations left mid-run are looked for every second (or that third, if shorter); a renewal
 * that misses one means another runtime took it (ours had expired), and a database that cannot be
 * reached for a whole lease time means every one may have been taken: both stop the runs here, so
 * two runtimes never run one conversation (the store refuses a non-owner's appends as well).
 */
export function createConversationLeases(
  store: LeaseStore,
  options: { ttlMs: number; logger: RuntimeLogger; now?: () => number },
): ConversationLeases {
  const now = options.now ?? Date.now;
  const held = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> | undefined;
  let lastRenewal = now();
  let lastAttempt = Number.NEGATIVE_INFINITY;
  const renewEvery = Math.max(50, Math.floor(options.ttlMs / 3));
  let handlers: LeaseHandlers | undefined;
  let ownUrl = '';

  async function claim(conversationId: string): Promise<LeaseClaim> {
    const result = await store.claim(conversationId);
    if (result.kind === 'mine') held.add(conversationId);
    else held.delete(conversationId);
    return result;
  }

  async function giveUp(ids: readonly string[], why: string): Promise<void> {
    for (const id of ids) {
      held.delete(id);
      await store
        .forget(id)
        .catch((error: unknown) =>
          options.logger.warn('a lost lease kept its lock', { conversation_id: id, error }),
        );
      options.logger.warn(why, { conversation_id: id });
      await handlers
        ?.lost(id)
        .catch((error: unknown) =>
          options.logger.error('a lost conversation did not stop', { conversation_id: id, error }),
        );
    }
  }

  async function beat(): Promise<void> {
    if (now() - lastAttempt >= renewEvery) {
      lastAttempt = now();
      if (!(await renew())) return;
    }
    await adoptOrphans();
  }

  /** Renews every held lease, gives up what was lost; false when the database did not answer. */
  async function renew(): Promise<boolean> {
    try {
      const renewed = new Set(await store.renewAll());
      lastRenewal = now();
      await giveUp(
        [...held].filter((id) => !renewed.has(id)),
        'another runtime took this conversation (our lease had expired, or our lock session ended)',
      );
    } catch (error) {
      options.logger.warn('leases not renewed', { error });
      if (now() - lastRenewal >= options.ttlMs)
        await giveUp([...held], 'leases could not be renewed for a whole lease time');
      return false;
    }
    return true;
  }

  async function adoptOrphans(): Promise<void> {
    try {
      for (const id of await store.orphans(20)) {
        const result = await claim(id);
        if (result.kind === 'mine') await handlers?.adopted(id);
      }
    } catch (error) {
      options.logger.warn('conversations left by a stopped runtime not adopted', { error });
    }
  }

  return {
    claim,
    url: () => ownUrl,
    async start(url, given) {
      handlers = given;
      ownUrl = url;
      store.setOwnerUrl(url);
      await store
        .expirePredecessors()
        .catch((error: unknown) =>
          options.logger.warn('leases of an earlier process not expired', { error }),
        );
      const tick = () => {
        beating ??= beat().finally(() => {
          beating = undefined;
        });
      };
      tick();
      timer = setInterval(tick, Math.min(ADOPT_EVERY_MS, renewEvery));
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      await beating;
      held.clear();
      await store
        .releaseAll()
        .catch((error: unknown) => options.logger.warn('leases not released', { error }));
    },
  };
}
