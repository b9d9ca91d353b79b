import { newConversation } from '../../src/runtime/events/fixtures/event-builders';
import type { EventStore } from '../../src/runtime/store/event-store';
import { openPgEventStore } from '../../src/runtime/store/pg-event-store';
import { startPgCluster } from '../../src/runtime/store/testing/start-pg-cluster';
import type { BenchFigure } from './bench-figure';
import { COMMON_WORD, conversationLog, createWordSource, RARE_WORD, seededRandom } from './store-bench-data';
import { storeFigures } from './store-figures';
import { repeat, time } from './time-samples';

const EVENTS_PER_CONVERSATION = 100;
const RARE_HITS = 20;
const QUERIES = 20;

/**
 * The PostgreSQL store on a throwaway local cluster with durability on (fsync, synchronous commit),
 * the figures of store.bench.ts and history.bench.ts for the SQLite store: durable append rate,
 * replay and active branch of 10,000 events, fork, and search at 1,000,000 events (10,000
 * conversations of 100). `--search-events=N` searches a smaller history for a quick run; building the
 * full million takes about ten minutes on a two-core machine (measured: see docs/DEPLOYMENT.md).
 */
export default async function pgStoreBenchmark(): Promise<BenchFigure[]> {
  const searchEvents = searchEventsOption(process.argv);
  const cluster = await startPgCluster({ durable: true });
  let store: EventStore | undefined;
  try {
    store = await openPgEventStore(await cluster.createDatabase('bench'));
    const open = store;
    const measured = await storeFigures(open, 'pg store');
    const built = await time(() => buildHistory(open, searchEvents));
    const scale = searchEvents >= 1_000_000 ? `${searchEvents / 1_000_000}M` : `${searchEvents / 1000}k`;
    const firstPage = await repeat(QUERIES, () => open.listConversations({ limit: 50 }));
    const searchRare = await repeat(QUERIES, async () =>
      expectHits((await open.listConversations({ q: RARE_WORD, limit: 20 })).items.length),
    );
    const searchCommon = await repeat(QUERIES, async () =>
      expectHits((await open.listConversations({ q: COMMON_WORD, limit: 20 })).items.length),
    );
    return [
      ...measured.figures,
      { name: `pg history: build ${scale} events (appendMany by 100)`, unit: 's', samples: [built / 1000] },
      { name: `pg history: first page of the list (50, ${scale} events)`, unit: 'ms', samples: firstPage },
      { name: `pg history: search a rare word (${scale} events)`, unit: 'ms', samples: searchRare },
      { name: `pg history: search a common word (${scale} events)`, unit: 'ms', samples: searchCommon },
    ];
  } finally {
    await store?.close();
    cluster.stop();
  }
}

/** Conversations written at once while building: their appends share commits (group commit). */
const BUILDERS = 8;

/**
 * Conversations of 100 events up to `total`, the rare word planted in RARE_HITS of them, BUILDERS at a
 * time. The texts are drawn in conversation order first, so the history is the same for a given total.
 */
export async function buildHistory(store: EventStore, total: number): Promise<void> {
  const random = seededRandom(2025);
  const words = createWordSource(random);
  const conversations = Math.max(1, Math.floor(total / EVENTS_PER_CONVERSATION));
  const rarePlaces = new Set(
    Array.from({ length: RARE_HITS }, (_, index) => Math.floor((index + 0.5) * (conversations / RARE_HITS))),
  );
  const started = performance.now();
  let built = 0;
  let next = 0;
  const build = async (): Promise<void> => {
    while (next < conversations) {
      const conversation = next++;
      const id = 1000 + conversation;
      const title = `${words.sentence(4)} ${conversation}`;
      const plant = rarePlaces.has(conversation) ? new Set([40]) : undefined;
      const log = conversationLog({
        conversation: id,
        events: EVENTS_PER_CONVERSATION,
        random,
        words,
        ...(plant ? { plantRareWordAt: plant } : {}),
      });
      const record = await store.createConversation(newConversation(id, { title }));
      await store.appendMany(record.id, log);
      built += 1;
      if (built % 500 === 0)
        process.stderr.write(
          `  built ${built} of ${conversations} conversations (${((performance.now() - started) / 1000).toFixed(0)} s)\r`,
        );
    }
  };
  await Promise.all(Array.from({ length: BUILDERS }, build));
}

function searchEventsOption(argv: readonly string[]): number {
  const option = argv.find((argument) => argument.startsWith('--search-events='));
  if (option === undefined) return 1_000_000;
  const value = Number(option.slice('--search-events='.length));
  if (!Number.isInteger(value) || value < EVENTS_PER_CONVERSATION)
    throw new Error(`--search-events must be a whole number of at least ${EVENTS_PER_CONVERSATION}`);
  return value;
}

function expectHits(count: number): void {
  if (count === 0) throw new Error('the benchmark history lost its search hits');
}
