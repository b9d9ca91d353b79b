import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentMessage, newConversation, testId, userMessage } from '../events/fixtures/event-builders';
import { expectStoreError } from './expect-store-error';
import { openPgEventStore } from './pg-event-store';
import { NEWEST_MATCHES } from './pg-conversation-list';
import { PG_MIGRATIONS } from './pg-migrations';
import { type PgCluster, startPgCluster } from './testing/start-pg-cluster';

let cluster: PgCluster;
let databases = 0;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster?.stop());

const freshDatabase = () => cluster.createDatabase(`server_${++databases}`);

describe('postgresql store as a server database', () => {
  it('gives seq without gaps or duplicates to writers in separate pools appending at once', async () => {
    const url = await freshDatabase();
    // Two pools: as two runtime processes would, each with its own connections.
    const [first, second] = await Promise.all([openPgEventStore(url), openPgEventStore(url)]);
    try {
      const id = testId(1);
      await first.createConversation(newConversation(1));
      const appends = Array.from({ length: 60 }, (_, index) =>
        (index % 2 ? first : second).append(id, userMessage(100 + index, `message ${index}`)),
      );
      const seqs = (await Promise.all(appends)).map((event) => event.seq).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: 60 }, (_, index) => index));
      const stored = await second.readEvents(id);
      expect(stored.map((event) => event.seq)).toEqual(seqs);
      expect((await first.getConversation(id))?.last_seq).toBe(59);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('records its migrations once, even when several stores open a new database together', async () => {
    const url = await freshDatabase();
    const stores = await Promise.all([openPgEventStore(url), openPgEventStore(url), openPgEventStore(url)]);
    await Promise.all(stores.map((store) => store.close()));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT version, name FROM schema_migrations ORDER BY version');
      expect(rows).toEqual(PG_MIGRATIONS.map(({ version }) => ({ version, name: expect.any(String) })));
    } finally {
      await client.end();
    }
  });

  it('refuses a database written by a newer version, changing nothing', async () => {
    const url = await freshDatabase();
    await (await openPgEventStore(url)).close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("INSERT INTO schema_migrations VALUES (99, 'from the future', 'later')");
      await expectStoreError(() => openPgEventStore(url), 'newer_schema');
      const { rows } = await client.query('SELECT max(version) AS version FROM schema_migrations');
      expect(rows[0].version).toBe(99);
    } finally {
      await client.end();
    }
  });

  it('answers StoreError io when the server cannot be reached', async () => {
    const url = new URL(cluster.url);
    url.port = '1'; // nothing listens there
    await expectStoreError(() => openPgEventStore(url.toString()), 'io');
  });

  it('ranks the newest matching messages first and widens when a page needs more', async () => {
    // A window of 5 messages: the first page comes from the newest hits, the last page widens.
    const store = await openPgEventStore(await freshDatabase(), { searchRankWindow: 5 });
    try {
      for (let conversation = 1; conversation <= 6; conversation += 1) {
        await store.createConversation(newConversation(conversation, { title: `Batch ${conversation}` }));
        await store.appendMany(
          testId(conversation),
          Array.from({ length: 4 }, (_, index) =>
            agentMessage(conversation * 100 + index, `${'release '.repeat(conversation)}notes ${index}`),
          ),
        );
      }
      const ids: string[] = [];
      let pageId: string | null = null;
      do {
        const page = await store.listConversations({
          q: 'release',
          limit: 2,
          ...(pageId === null ? {} : { page_id: pageId }),
        });
        ids.push(...page.items.map((item) => item.id));
        pageId = page.next_page_id;
      } while (pageId !== null);
      expect(new Set(ids)).toEqual(new Set([1, 2, 3, 4, 5, 6].map(testId)));
      expect(ids[0]).toBe(testId(6));
    } finally {
      await store.close();
    }
  });

  it('reads the newest matches of a word found in every message by insertion order, not every match', async () => {
    const url = await freshDatabase();
    const store = await openPgEventStore(url, { searchRankWindow: 20 });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (let conversation = 1; conversation <= 30; conversation += 1) {
        await store.createConversation(newConversation(conversation));
        await store.appendMany(
          testId(conversation),
          Array.from({ length: 100 }, (_, index) =>
            agentMessage(conversation * 1000 + index, `the build log line ${index} of run ${conversation}`),
          ),
        );
      }
      await client.query('ANALYZE events');
      // The plan the store's query gets for a word in all 3,000 messages, with its parameters bound.
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (FORMAT TEXT) ${NEWEST_MATCHES}`
          .replaceAll('$1::tsquery', "'build'::tsquery")
          .replace('$2', '20'),
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('Index Scan Backward using events_messages_by_doc');
      expect(plan).not.toContain('Bitmap');
      const page = await store.listConversations({ q: 'build', limit: 5 });
      expect(page.items).toHaveLength(5);
      expect(page.items[0]?.match?.snippet).toContain('«build»');
    } finally {
      await client.end();
      await store.close();
    }
  });
});
