import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { newConversation } from '../../src/runtime/events/fixtures/event-builders';
import type { EventStore } from '../../src/runtime/store/event-store';
import { openSqliteDatabase } from '../../src/runtime/store/open-sqlite-database';
import { sqliteEventStoreOn } from '../../src/runtime/store/sqlite-event-store';
import type { BenchFigure } from './bench-figure';
import { COMMON_WORD, conversationLog, createWordSource, RARE_WORD, seededRandom } from './store-bench-data';

const CONVERSATIONS = 10_000;
const EVENTS_PER_CONVERSATION = 100;
const RARE_HITS = 20;
const QUERIES = 100;
const cachePath = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '.tmp',
  'bench',
  'history-10k-1m.db',
);

/**
 * History at scale: 10,000 conversations, 1,000,000 events (half of them messages in the search
 * index). The database is built once through the store's own append path (big outer transactions,
 * so the build takes minutes, not hours of fsyncs) and cached under .tmp/bench/.
 */
export default async function historyBenchmark(): Promise<BenchFigure[]> {
  const db = await openCachedDatabase();
  const store = sqliteEventStoreOn(db);
  try {
    const firstPage = await samples(QUERIES, () => store.listConversations({ limit: 50 }));
    const searchRare = await samples(QUERIES, async () =>
      expectHits((await store.listConversations({ q: RARE_WORD, limit: 20 })).items.length),
    );
    const searchCommon = await samples(QUERIES, async () =>
      expectHits((await store.listConversations({ q: COMMON_WORD, limit: 20 })).items.length),
    );
    const searchPhrase = await samples(QUERIES, () =>
      store.listConversations({ q: `${COMMON_WORD} parser ${RARE_WORD}`, limit: 20 }),
    );
    const indexBytes = db
      .prepare("SELECT sum(pgsize) FROM dbstat WHERE name LIKE 'search_index%'")
      .pluck()
      .get() as number;
    const rebuild = await samples(1, () => store.rebuildSearchIndex());
    db.pragma('wal_checkpoint(TRUNCATE)');
    return [
      { name: 'history: first page of the list (50 of 10,000)', unit: 'ms', samples: firstPage },
      { name: 'history: search a rare word (20 hits)', unit: 'ms', samples: searchRare },
      { name: 'history: search a common word (most messages)', unit: 'ms', samples: searchCommon },
      { name: 'history: search three words', unit: 'ms', samples: searchPhrase },
      { name: 'history: search index size', unit: 'MB', samples: [indexBytes / 1e6] },
      { name: 'history: database size', unit: 'MB', samples: [statSync(cachePath).size / 1e6] },
      {
        name: 'history: rebuild the search index (1M events)',
        unit: 's',
        samples: rebuild.map((ms) => ms / 1000),
      },
    ];
  } finally {
    await store.close();
  }
}

async function samples(count: number, run: () => unknown): Promise<number[]> {
  const timings: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await run();
    timings.push(performance.now() - started);
  }
  return timings;
}

function expectHits(count: number): void {
  if (count === 0) throw new Error('the benchmark database lost its search hits');
}

async function openCachedDatabase(): Promise<Database.Database> {
  if (existsSync(cachePath)) {
    const db = openSqliteDatabase(cachePath);
    const events = db.prepare('SELECT count(*) FROM events').pluck().get();
    if (events === CONVERSATIONS * EVENTS_PER_CONVERSATION) return db;
    db.close();
    rmSync(cachePath, { force: true });
  }
  mkdirSync(dirname(cachePath), { recursive: true });
  const partial = `${cachePath}.building`;
  rmSync(partial, { force: true });
  const db = openSqliteDatabase(partial);
  await build(db);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  rmSync(`${partial}-wal`, { force: true });
  rmSync(`${partial}-shm`, { force: true });
  // Renamed only when complete, so an interrupted build is never mistaken for a cached one.
  renameSync(partial, cachePath);
  return openSqliteDatabase(cachePath);
}

async function build(db: Database.Database): Promise<void> {
  const random = seededRandom(2025);
  const words = createWordSource(random);
  let minute = 0;
  const store: EventStore = sqliteEventStoreOn(db, {
    clock: () => new Date(Date.UTC(2024, 0, 1) + minute * 60_000),
  });
  const rarePlaces = new Set(
    Array.from({ length: RARE_HITS }, (_, index) => Math.floor((index + 0.5) * (CONVERSATIONS / RARE_HITS))),
  );
  const started = performance.now();
  const written: Promise<unknown>[] = [];
  const chunk = db.transaction((from: number, to: number) => {
    for (let conversation = from; conversation < to; conversation += 1) {
      minute += 1;
      const record = newConversation(conversation + 1, {
        title: `${words.sentence(4)} ${conversation}`,
        created_at: new Date(Date.UTC(2024, 0, 1) + minute * 60_000).toISOString(),
      });
      // Not awaited: the SQLite store does its work before its promise is returned, inside this
      // transaction; the promises are checked once the transaction committed.
      written.push(store.createConversation(record));
      const plant = rarePlaces.has(conversation) ? new Set([40]) : undefined;
      const log = conversationLog({
        conversation: conversation + 1,
        events: EVENTS_PER_CONVERSATION,
        random,
        words,
        ...(plant ? { plantRareWordAt: plant } : {}),
      });
      written.push(store.appendMany(record.id, log));
    }
  });
  for (let from = 0; from < CONVERSATIONS; from += 250) {
    chunk(from, Math.min(CONVERSATIONS, from + 250));
    await Promise.all(written.splice(0));
    process.stderr.write(
      `  built ${Math.min(CONVERSATIONS, from + 250)} conversations (${((performance.now() - started) / 1000).toFixed(0)} s)\r`,
    );
  }
  process.stderr.write('\n');
}
