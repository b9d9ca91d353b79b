import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AutomationRecord, RunRecord } from './automation-record';
import type { AutomationStore } from './automation-store';

/**
 * A fresh, empty database; each call of the function it resolves with opens a store on it (a second
 * call is the service after a restart).
 */
export type AutomationDatabaseFactory = () => Promise<() => Promise<AutomationStore>>;

/**
 * The behaviour every AutomationStore must have, as one vitest suite: run it against each
 * implementation (sqlite-automation-store.test.ts, pg-automation-store.test.ts) so they cannot drift.
 */
export function describeAutomationStoreContract(name: string, database: AutomationDatabaseFactory): void {
  describe(`${name}: AutomationStore contract`, () => {
    const bed = registerStoreBed(database);
    describeAutomationsContract(bed);
    describeRunsContract(bed);
  });
}

/** The store under test and its restart: reopen() closes it and opens a new one on the same database. */
interface StoreBed {
  current(): AutomationStore;
  reopen(): Promise<AutomationStore>;
}

/** Registers, in the calling suite, a fresh database and store per test, every store closed after it. */
function registerStoreBed(database: AutomationDatabaseFactory): StoreBed {
  let open: () => Promise<AutomationStore>;
  const stores: AutomationStore[] = [];
  let store: AutomationStore;
  const reopen = async () => {
    await store.close();
    stores.splice(stores.indexOf(store), 1);
    store = await open();
    stores.push(store);
    return store;
  };
  beforeEach(async () => {
    open = await database();
    store = await open();
    stores.push(store);
  });
  afterEach(async () => {
    for (const each of stores.splice(0)) await each.close();
  });
  return { current: () => store, reopen };
}

/** Saving, reading, listing and deleting automations. */
function describeAutomationsContract(bed: StoreBed): void {
  // This part's handle on the current store, which reopen() replaces.
  let store: AutomationStore;
  beforeEach(() => {
    store = bed.current();
  });
  const reopen = async () => {
    store = await bed.reopen();
    return store;
  };
  describe('automations', () => {
    it('an empty store lists nothing and knows no id', async () => {
      expect(await store.list()).toEqual([]);
      expect(await store.get(automationId(1))).toBeUndefined();
    });

    it('reads back every field it saved, after a restart too', async () => {
      const full = automation(1, {
        llm: { provider: 'anthropic', model: 'claude-x' },
        confirmation_policy: { kind: 'ConfirmRisky', threshold: 'MEDIUM', confirm_unknown: false },
        network_access: true,
        budget: 2.5,
        schedule: { cron: '0 9 * * 1-5', timezone: 'Europe/Berlin' },
        webhook: true,
        webhook_token: 'secret-token',
        run_missed: true,
        enabled: false,
        next_run_at: '2026-12-07T08:00:00.000Z',
      });
      await store.save(full);
      expect(await store.get(full.id)).toEqual(full);
      expect(await (await reopen()).get(full.id)).toEqual(full);
      expect(await store.list()).toEqual([full]);
    });

    it('lists oldest first, by id within the same time', async () => {
      await store.save(automation(3, { created_at: '2026-12-01T00:00:02.000Z' }));
      await store.save(automation(2, { created_at: '2026-12-01T00:00:01.000Z' }));
      await store.save(automation(1, { created_at: '2026-12-01T00:00:02.000Z' }));
      expect((await store.list()).map((each) => each.id)).toEqual([
        automationId(2),
        automationId(1),
        automationId(3),
      ]);
    });

    it('a save of a known id replaces every field and keeps its run history', async () => {
      await store.save(automation(1, { webhook: true, webhook_token: 'token' }));
      await store.addRun(run(1, 1));
      const edited = automation(1, {
        name: 'Renamed',
        llm: null,
        webhook: false,
        webhook_token: null,
        updated_at: '2026-12-02T00:00:00.000Z',
        next_run_at: null,
      });
      await store.save(edited);
      expect(await store.get(edited.id)).toEqual(edited);
      expect(await store.list()).toHaveLength(1);
      expect(await store.listRuns(edited.id, 10)).toEqual([run(1, 1)]);
    });

    it('delete removes the automation and its run history, and says whether there was one', async () => {
      await store.save(automation(1));
      await store.save(automation(2));
      await store.addRun(run(1, 1));
      await store.addRun(run(2, 2));
      expect(await store.delete(automationId(1))).toBe(true);
      expect(await store.delete(automationId(1))).toBe(false);
      expect(await store.get(automationId(1))).toBeUndefined();
      expect(await store.listRuns(automationId(1), 10)).toEqual([]);
      expect(await store.listRuns(automationId(2), 10)).toEqual([run(2, 2)]);
    });
  });
}

/** Runs: recording, listing, the last run, and the pending runs a restart fails. */
function describeRunsContract(bed: StoreBed): void {
  // This part's handle on the current store, which reopen() replaces.
  let store: AutomationStore;
  beforeEach(() => {
    store = bed.current();
  });
  const reopen = async () => {
    store = await bed.reopen();
    return store;
  };
  describe('runs', () => {
    beforeEach(async () => {
      await store.save(automation(1));
      await store.save(automation(2));
    });

    it('lists an automation`s runs newest first, at most the limit, same-millisecond ones by order added', async () => {
      const same = '2026-12-01T10:00:00.000Z';
      await store.addRun(run(1, 1, { created_at: '2026-12-01T09:00:00.000Z' }));
      await store.addRun(run(2, 1, { created_at: same }));
      await store.addRun(run(3, 1, { created_at: same }));
      await store.addRun(run(4, 2, { created_at: '2026-12-01T11:00:00.000Z' }));
      expect((await store.listRuns(automationId(1), 10)).map((each) => each.id)).toEqual([
        runId(3),
        runId(2),
        runId(1),
      ]);
      expect((await store.listRuns(automationId(1), 2)).map((each) => each.id)).toEqual([runId(3), runId(2)]);
      expect((await store.lastRun(automationId(1)))?.id).toBe(runId(3));
      expect(await store.lastRun(automationId(2))).toEqual(
        run(4, 2, { created_at: '2026-12-01T11:00:00.000Z' }),
      );
    });

    it('finds a run by its id and counts an automation`s runs', async () => {
      await store.addRun(run(1, 1, { status: 'started', conversation_id: 'c-1' }));
      await store.addRun(run(2, 1));
      await store.addRun(run(3, 2));
      expect(await store.getRun(runId(1))).toEqual(run(1, 1, { status: 'started', conversation_id: 'c-1' }));
      expect(await store.getRun(runId(3))).toEqual(run(3, 2));
      expect(await store.getRun(runId(9))).toBeUndefined();
      expect(await store.countRuns(automationId(1))).toBe(2);
      expect(await store.countRuns(automationId(9))).toBe(0);
      await store.delete(automationId(1));
      expect(await store.getRun(runId(1))).toBeUndefined();
    });

    it('refuses a run of an automation that does not exist', async () => {
      await expect(store.addRun(run(1, 9))).rejects.toThrow();
      expect(await store.listRuns(automationId(9), 10)).toEqual([]);
    });

    it('settles a run: status and reason replaced, a conversation kept unless a new one is given', async () => {
      await store.addRun(run(1, 1));
      await store.settleRun(runId(1), {
        status: 'started',
        conversation_id: 'conversation-1',
        reason: null,
      });
      expect(await store.lastRun(automationId(1))).toMatchObject({
        status: 'started',
        conversation_id: 'conversation-1',
        reason: null,
      });
      await store.settleRun(runId(1), { status: 'failed', reason: 'why' });
      expect(await (await reopen()).lastRun(automationId(1))).toMatchObject({
        status: 'failed',
        conversation_id: 'conversation-1',
        reason: 'why',
      });
    });

    it('finds the newest started run, whatever came after it', async () => {
      expect(await store.lastStartedRun(automationId(1))).toBeUndefined();
      await store.addRun(run(1, 1, { status: 'started', conversation_id: 'old', created_at: at(1) }));
      await store.addRun(run(2, 1, { status: 'started', conversation_id: 'new', created_at: at(2) }));
      await store.addRun(run(3, 1, { status: 'skipped', reason: 'still running', created_at: at(3) }));
      await store.addRun(run(4, 2, { status: 'started', conversation_id: 'other', created_at: at(4) }));
      expect(await store.lastStartedRun(automationId(1))).toMatchObject({
        id: runId(2),
        conversation_id: 'new',
      });
    });

    it('a rate_limited summary keeps its count of refused calls, set in place, after a restart too', async () => {
      const summary = run(1, 1, {
        trigger: 'webhook',
        status: 'rate_limited',
        reason: 'over the limit',
        refused_calls: 1,
      });
      await store.addRun(summary);
      await store.countRefusedCalls(runId(1), 7);
      await store.countRefusedCalls(runId(1), 9);
      expect(await (await reopen()).listRuns(automationId(1), 10)).toEqual([
        { ...summary, refused_calls: 9 },
      ]);
      expect(await store.lastStartedRun(automationId(1))).toBeUndefined();
      expect(await store.failPendingRuns('stopped')).toBe(0);
    });

    it('fails every pending run with the reason and counts them', async () => {
      await store.addRun(run(1, 1));
      await store.addRun(run(2, 2));
      await store.addRun(run(3, 2, { status: 'started', conversation_id: 'c' }));
      expect(await store.failPendingRuns('the service stopped')).toBe(2);
      expect(await store.lastRun(automationId(1))).toMatchObject({
        status: 'failed',
        reason: 'the service stopped',
      });
      expect((await store.listRuns(automationId(2), 10)).map((each) => each.status).sort()).toEqual([
        'failed',
        'started',
      ]);
      expect(await store.failPendingRuns('again')).toBe(0);
    });
  });
}

const automationId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const runId = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (second: number) => `2026-12-01T00:00:${String(second).padStart(2, '0')}.000Z`;

function automation(n: number, overrides: Partial<AutomationRecord> = {}): AutomationRecord {
  return {
    id: automationId(n),
    name: `Automation ${n}`,
    workspace: '/work/app',
    message: 'update the dependencies',
    llm: null,
    confirmation_policy: null,
    network_access: false,
    budget: null,
    schedule: null,
    webhook: false,
    run_missed: false,
    enabled: true,
    webhook_token: null,
    created_at: '2026-12-01T00:00:00.000Z',
    updated_at: '2026-12-01T00:00:00.000Z',
    next_run_at: null,
    ...overrides,
  };
}

function run(n: number, automationNumber: number, overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    id: runId(n),
    automation_id: automationId(automationNumber),
    trigger: 'manual',
    status: 'pending',
    conversation_id: null,
    reason: null,
    created_at: '2026-12-01T00:00:00.000Z',
    scheduled_for: null,
    refused_calls: 0,
    ...overrides,
  };
}
