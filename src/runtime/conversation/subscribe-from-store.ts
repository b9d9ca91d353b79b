import type { LiveFrameListener } from '../agent/live-frame';
import type { ConversationRecord, EventStore } from '../store/event-store';
import type { AppendFeed } from '../store/pg-append-feed';
import type { ConversationInfo } from '../events';
import type { Subscription } from './conversation-service';

/**
 * A subscription to a conversation another runtime runs: the same contract as a local one (state and
 * throughSeq, then every committed event once, in seq order), fed by the shared database. Each notice
 * of a commit reads what follows the last seq delivered, one read at a time, so a notice that comes
 * early, late or twice changes nothing. Model output is not streamed across runtimes: the durable
 * events arrive as they commit.
 */
export async function subscribeFromStore(
  id: string,
  listener: LiveFrameListener,
  ports: {
    store: EventStore;
    feed: AppendFeed;
    info(record: ConversationRecord): Promise<ConversationInfo>;
    requireRecord(id: string): Promise<ConversationRecord>;
  },
): Promise<Subscription> {
  let delivered: number | undefined;
  let stopped = false;
  let reading: Promise<void> | undefined;
  let again = false;

  const read = async (): Promise<void> => {
    do {
      again = false;
      const events = await ports.store.readEvents(id, { afterSeq: delivered });
      for (const event of events) {
        if (stopped) return;
        delivered = event.seq;
        listener({ type: 'durable', seq: event.seq, event });
      }
    } while (again && !stopped);
  };
  const onAppend = () => {
    if (stopped || delivered === undefined) return;
    if (reading) {
      again = true;
      return;
    }
    reading = read()
      .catch(() => undefined)
      .finally(() => {
        reading = undefined;
      });
  };
  // Watch first, then read where "now" is: a commit in between is read by the first notice.
  const unwatch = ports.feed.watch(id, onAppend);
  try {
    const record = await ports.requireRecord(id);
    delivered = record.last_seq;
    const state = await ports.info(record);
    return {
      state,
      throughSeq: record.last_seq,
      unsubscribe() {
        stopped = true;
        unwatch();
      },
    };
  } catch (error) {
    unwatch();
    throw error;
  }
}
