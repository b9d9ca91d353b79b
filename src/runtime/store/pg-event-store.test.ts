import { afterAll, beforeAll, describe } from 'vitest';
import { describeEventStoreContract } from './event-store-contract';
import { itAgreesWithTheInMemoryTwin } from './event-store-properties';
import { openPgEventStore } from './pg-event-store';
import { type PgCluster, startPgCluster } from './testing/start-pg-cluster';

// One throwaway cluster for this file, a fresh database for every test.
let cluster: PgCluster;
let databases = 0;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster?.stop());

const freshStore = async (clock?: () => Date) => {
  databases += 1;
  const url = await cluster.createDatabase(`contract_${databases}`);
  return openPgEventStore(url, clock ? { clock } : {});
};

describeEventStoreContract('postgresql', (clock) => freshStore(clock));

describe('postgresql event store properties', () => {
  itAgreesWithTheInMemoryTwin('PostgreSQL', () => freshStore(), 25);
});
