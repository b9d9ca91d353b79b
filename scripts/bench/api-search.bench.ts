import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newConversation, testId } from '../../src/runtime/events/fixtures/event-builders';
import { openSqliteEventStore } from '../../src/runtime/store/sqlite-event-store';
import { createTestServer, TEST_SESSION_KEY } from '../../src/server/testing/create-test-server';
import type { BenchFigure } from './bench-figure';
import { COMMON_WORD, conversationLog, createWordSource, RARE_WORD, seededRandom } from './store-bench-data';

const CONVERSATIONS = 1_000;
const EVENTS_PER_CONVERSATION = 40;
const QUERIES = 100;

/**
 * GET /api/conversations/search over real HTTP against 1,000 conversations (40 events each, in
 * SQLite): the first page of the list, a rare word (10 conversations) and a common word.
 */
export default async function apiSearchBenchmark(): Promise<BenchFigure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agent-workbench-bench-search-'));
  const store = openSqliteEventStore(join(dataDir, 'workbench.db'));
  const random = seededRandom(11);
  const words = createWordSource(random);
  for (let conversation = 1; conversation <= CONVERSATIONS; conversation++) {
    await store.createConversation(newConversation(conversation, { workspace_dir: dataDir }));
    const plantRareWordAt = conversation % 100 === 0 ? new Set([4]) : new Set<number>();
    await store.appendMany(
      testId(conversation),
      conversationLog({ conversation, events: EVENTS_PER_CONVERSATION, random, words, plantRareWordAt }),
    );
  }
  const server = await createTestServer({ store });
  const baseUrl = await server.listen();
  const headers = { 'X-Session-API-Key': TEST_SESSION_KEY };
  const timed = async (query: string, expectItems: boolean) => {
    const samples: number[] = [];
    for (let index = 0; index < QUERIES; index++) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/conversations/search?${query}`, { headers });
      const body = (await response.json()) as { items: unknown[] };
      samples.push(performance.now() - started);
      if (expectItems && body.items.length === 0) throw new Error(`no hits for ${query}`);
    }
    return samples;
  };
  try {
    return [
      {
        name: 'REST list first page (20 of 1,000 conversations)',
        unit: 'ms',
        samples: await timed('limit=20', true),
      },
      {
        name: 'REST search a rare word (1,000 conversations)',
        unit: 'ms',
        samples: await timed(`q=${RARE_WORD}`, true),
      },
      {
        name: 'REST search a common word (1,000 conversations)',
        unit: 'ms',
        samples: await timed(`q=${COMMON_WORD}`, true),
      },
    ];
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
