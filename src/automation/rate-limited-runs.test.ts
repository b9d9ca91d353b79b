import { afterEach, describe, expect, it } from 'vitest';
import type { AutomationStore } from './automation-store';
import { createRateLimitedRuns, SUMMARY_WINDOW_MS } from './rate-limited-runs';
import { type AutomationTestBed, createAutomationTestBed } from './testing/automation-test-bed';
import { DEFAULT_WEBHOOK_LIMIT } from './webhook-rate-limit';

let bed: AutomationTestBed;
afterEach(async () => {
  await bed?.close();
});

/** The real SQLite store of a test bed, counting the count writes that reach it. */
function setUp() {
  const writes = { count: 0 };
  const counting = (store: AutomationStore): AutomationStore => ({
    ...store,
    countRefusedCalls: (id, count) => {
      writes.count += 1;
      return store.countRefusedCalls(id, count);
    },
  });
  bed = createAutomationTestBed({ wrapStore: counting });
  let sequence = 0;
  const ledger = createRateLimitedRuns({
    store: bed.store,
    now: () => new Date(bed.clock.now),
    newId: () => `20000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
    limit: DEFAULT_WEBHOOK_LIMIT,
  });
  return { writes, ledger };
}

describe('createRateLimitedRuns', () => {
  it('a flood at once is one summary with every refusal counted, its writes collapsed', async () => {
    const { writes, ledger } = setUp();
    const { id } = await bed.service.create({ ...definition(), webhook: true });
    await Promise.all(Array.from({ length: 100 }, () => ledger.refuse(id)));
    expect(await bed.store.listRuns(id, 10)).toEqual([
      expect.objectContaining({ trigger: 'webhook', status: 'rate_limited', refused_calls: 100 }),
    ]);
    expect(writes.count).toBeLessThan(10);
  });

  it('a new window opens a new summary, and the last one keeps every refusal it counted', async () => {
    const { ledger } = setUp();
    const { id } = await bed.service.create({ ...definition(), webhook: true });
    const first = [ledger.refuse(id), ledger.refuse(id), ledger.refuse(id)];
    bed.clock.now = new Date(bed.clock.now.getTime() + SUMMARY_WINDOW_MS);
    await Promise.all([...first, ledger.refuse(id)]);
    expect((await bed.store.listRuns(id, 10)).map((run) => run.refused_calls)).toEqual([1, 3]);
  });
});

function definition() {
  return {
    name: 'CI',
    workspace: bed.workspace,
    message: 'look',
    llm: null,
    confirmation_policy: null,
    network_access: false,
    schedule: null,
    webhook: false,
    run_missed: false,
    enabled: true,
  };
}
