import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { checkRandomHistories, itAgreesWithTheInMemoryTwin } from './event-store-properties';
import { createInMemoryEventStore } from './in-memory-event-store';
import { openSqliteEventStore } from './sqlite-event-store';

const directory = mkdtempSync(join(tmpdir(), 'store-properties-'));
afterAll(async () => rmSync(directory, { recursive: true, force: true }));

describe('event store tree properties', () => {
  it('random appends, navigations and forks keep the tree consistent in memory', async () => {
    await checkRandomHistories(() => createInMemoryEventStore(), 150);
  });

  itAgreesWithTheInMemoryTwin('SQLite', async () => openSqliteEventStore(join(directory, 'twin.db')));
});
