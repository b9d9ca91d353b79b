import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildView, extendView } from '../../src/runtime/context/view';
import { newConversation } from '../../src/runtime/events/fixtures/event-builders';
import { openSqliteEventStore } from '../../src/runtime/store/sqlite-event-store';
import type { BenchFigure } from './bench-figure';
import { benchId, conversationLog, createWordSource, seededRandom } from './store-bench-data';

const LOG_SIZE = 10_000;

async function time(run: () => unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** `count` timings of `run`, one after the other. */
async function repeat(count: number, run: (index: number) => unknown): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) samples.push(await time(() => run(index)));
  return samples;
}

/**
 * The event store on a real temp file with durability on (WAL, synchronous=FULL): append rate, replay
 * and fork of a 10,000-event conversation, and the view rebuilt over it.
 */
export default async function storeBenchmark(): Promise<BenchFigure[]> {
  const directory = mkdtempSync(join(tmpdir(), 'store-bench-'));
  const store = openSqliteEventStore(join(directory, 'workbench.db'));
  try {
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
    const events = await store.activeBranch(big);
    const view = await repeat(10, () => buildView(events));
    const base = buildView(events.slice(0, -100));
    const extend = (await repeat(10, () => events.slice(-100).reduce(extendView, base))).map(
      (elapsed) => elapsed / 100,
    );

    return [
      {
        name: 'store: append, durable, one conversation',
        unit: 'events/s',
        samples: appendRates,
        lowerIsBetter: false,
      },
      { name: 'store: replay 10,000 events (readEvents)', unit: 'ms', samples: replay },
      { name: 'store: active branch of 10,000 events', unit: 'ms', samples: branch },
      { name: 'store: fork a 10,000-event branch', unit: 'ms', samples: fork },
      { name: 'view: rebuild over 10,000 events', unit: 'ms', samples: view },
      { name: 'view: extend by one event at 10,000', unit: 'ms', samples: extend },
    ];
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
