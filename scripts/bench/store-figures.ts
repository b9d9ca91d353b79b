import { newConversation } from '../../src/runtime/events/fixtures/event-builders';
import type { Event } from '../../src/runtime/events';
import type { EventStore } from '../../src/runtime/store/event-store';
import type { BenchFigure } from './bench-figure';
import { benchId, conversationLog, createWordSource, seededRandom } from './store-bench-data';
import { repeat, time } from './time-samples';

const LOG_SIZE = 10_000;
/** Conversations appending at once, each one event at a time, for the concurrent append figure. */
const CONCURRENT = 16;
const EVENTS_EACH = 50;

/**
 * The figures every store is measured by (store.bench.ts, pg-store.bench.ts), each name prefixed:
 * the durable append rate to one conversation and to sixteen at once (each awaiting its append before
 * the next, as a conversation's log does), then replay, active branch and fork of a 10,000-event
 * conversation. Also returns that conversation's active branch for figures built on it.
 */
export async function storeFigures(
  store: EventStore,
  prefix: string,
): Promise<{ figures: BenchFigure[]; branch: Event[] }> {
  const random = seededRandom(7);
  const words = createWordSource(random);

  const appendTarget = newConversation(1).id;
  await store.createConversation(newConversation(1));
  const appendEvents = conversationLog({ conversation: 1, events: 600, random, words });
  const appendRates: number[] = [];
  for (let batch = 0; batch < 6; batch += 1) {
    const slice = appendEvents.slice(batch * 100, batch * 100 + 100);
    const elapsed = await time(async () => {
      for (const event of slice) await store.append(appendTarget, event);
    });
    appendRates.push((slice.length / elapsed) * 1000);
  }

  const concurrentRates = await concurrentAppendRates(store, random, words);

  const big = newConversation(2).id;
  await store.createConversation(newConversation(2));
  const log = conversationLog({ conversation: 2, events: LOG_SIZE, random, words });
  for (let start = 0; start < log.length; start += 1000)
    await store.appendMany(big, log.slice(start, start + 1000));
  const leaf = benchId(2, LOG_SIZE - 1);

  const replay = await repeat(10, () => store.readEvents(big));
  const branch = await repeat(10, () => store.activeBranch(big));
  const fork = await repeat(10, (index) =>
    store.fork(big, {
      id: newConversation(100 + index).id,
      fromEventId: leaf,
      title: 'fork',
      created_at: new Date().toISOString(),
      resetStats: true,
    }),
  );
  return {
    figures: [
      {
        name: `${prefix}: append, durable, one conversation`,
        unit: 'events/s',
        samples: appendRates,
        lowerIsBetter: false,
      },
      {
        name: `${prefix}: append, durable, ${CONCURRENT} conversations at once`,
        unit: 'events/s',
        samples: concurrentRates,
        lowerIsBetter: false,
      },
      { name: `${prefix}: replay 10,000 events (readEvents)`, unit: 'ms', samples: replay },
      { name: `${prefix}: active branch of 10,000 events`, unit: 'ms', samples: branch },
      { name: `${prefix}: fork a 10,000-event branch`, unit: 'ms', samples: fork },
    ],
    branch: await store.activeBranch(big),
  };
}

/** Events/s of CONCURRENT conversations appending EVENTS_EACH events each at once; six rounds. */
async function concurrentAppendRates(
  store: EventStore,
  random: () => number,
  words: ReturnType<typeof createWordSource>,
): Promise<number[]> {
  const rates: number[] = [];
  for (let round = 0; round < 6; round += 1) {
    const logs = await Promise.all(
      Array.from({ length: CONCURRENT }, async (_, index) => {
        const n = 500_000 + round * CONCURRENT + index; // clear of every bench history's ids
        await store.createConversation(newConversation(n));
        return {
          id: newConversation(n).id,
          events: conversationLog({ conversation: n, events: EVENTS_EACH, random, words }),
        };
      }),
    );
    const elapsed = await time(() =>
      Promise.all(
        logs.map(async (log) => {
          for (const event of log.events) await store.append(log.id, event);
        }),
      ),
    );
    rates.push(((CONCURRENT * EVENTS_EACH) / elapsed) * 1000);
  }
  return rates;
}
