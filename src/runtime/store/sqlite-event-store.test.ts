import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { describeEventStoreContract } from './event-store-contract';
import { openSqliteEventStore } from './sqlite-event-store';

const directory = mkdtempSync(join(tmpdir(), 'sqlite-event-store-'));
let databases = 0;
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describeEventStoreContract('sqlite', (clock) => {
  databases += 1;
  return openSqliteEventStore(join(directory, `workbench-${databases}.db`), { clock });
});
