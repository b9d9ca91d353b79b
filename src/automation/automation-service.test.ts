import { afterEach, describe, expect, it } from 'vitest';
import { AutomationError } from './automation-error';
import { MAX_SLEEP_MS } from './automation-scheduler';
import { CreateAutomationSchema } from './automation-schemas';
import { type AutomationTestBed, createAutomationTestBed } from './testing/automation-test-bed';

let bed: AutomationTestBed;
afterEach(async () => await bed?.close());

const weekdaysAtNine = { cron: '0 9 * * 1-5', timezone: 'Europe/Berlin' };
const definition = (overrides: Record<string, unknown> = {}) =>
  CreateAutomationSchema.parse({
    name: 'Deps',
    workspace: bed.workspace,
    message: 'update the dependencies',
    ...overrides,
  });

describe('scheduled runs (injected clock, real SQLite file)', () => {
  it('runs at the scheduled local time, tags the conversation and moves to the next time', async () => {
    bed = createAutomationTestBed({ start: '2026-12-07T07:00:00Z' }); // Monday 08:00 in Berlin
    await bed.service.scheduler.start();
    const automation = await bed.service.create(definition({ schedule: weekdaysAtNine }));
    expect(automation.next_run_at).toBe('2026-12-07T08:00:00.000Z');
    expect(automation.schedule_description).toBe('every weekday at 09:00, Europe/Berlin');

    await bed.advance(59 * 60_000);
    expect(bed.runtime.created).toHaveLength(0);
    await bed.advance(60_000);
    expect(bed.runtime.created).toHaveLength(1);
    expect(bed.runtime.created[0]).toMatchObject({
      workspace: { working_dir: bed.workspace },
      tags: ['automation', `automation:${automation.id}`],
      initial_message: {
        role: 'user',
        content: [{ type: 'text', text: 'update the dependencies' }],
        run: true,
      },
    });
    const [run] = await bed.service.runs(automation.id, 10);
    expect(run).toMatchObject({
      trigger: 'schedule',
      status: 'started',
      scheduled_for: '2026-12-07T08:00:00.000Z',
    });
    expect((await bed.service.get(automation.id)).next_run_at).toBe('2026-12-08T08:00:00.000Z');
  });

  it('a disabled automation has no next run and its time passes without a run', async () => {
    bed = createAutomationTestBed({ start: '2026-12-07T07:00:00Z' });
    await bed.service.scheduler.start();
    const automation = await bed.service.create(definition({ schedule: weekdaysAtNine, enabled: false }));
    expect(automation.next_run_at).toBeNull();
    await bed.advance(2 * 3_600_000);
    expect(bed.runtime.created).toHaveLength(0);
    await expect(bed.service.runNow(automation.id)).rejects.toMatchObject({ code: 'automation_disabled' });
  });

  it('a time missed while off runs once at the next start when run_missed is set', async () => {
    bed = createAutomationTestBed({ start: '2026-12-07T07:00:00Z' });
    await bed.service.scheduler.start();
    const automation = await bed.service.create(definition({ schedule: weekdaysAtNine, run_missed: true }));
    await bed.restart();
    bed.clock.now = new Date('2026-12-09T12:00:00Z'); // three 09:00s passed while off
    await bed.service.scheduler.start();
    await bed.advance(0);
    expect(bed.runtime.created).toHaveLength(1);
    expect(await bed.service.runs(automation.id, 10)).toMatchObject([
      { trigger: 'missed', status: 'started', scheduled_for: '2026-12-07T08:00:00.000Z' },
    ]);
    expect((await bed.service.get(automation.id)).next_run_at).toBe('2026-12-10T08:00:00.000Z');
  });

  it('a time that passed during a quick restart (under two minutes) runs as scheduled, even without run_missed', async () => {
    bed = createAutomationTestBed({ start: '2026-12-07T07:00:00Z' });
    const automation = await bed.service.create(definition({ schedule: weekdaysAtNine }));
    await bed.restart();
    bed.clock.now = new Date('2026-12-07T08:01:30Z'); // 90 s after 09:00 Berlin
    await bed.service.scheduler.start();
    await bed.advance(0);
    expect(await bed.service.runs(automation.id, 10)).toMatchObject([
      { trigger: 'schedule', status: 'started', scheduled_for: '2026-12-07T08:00:00.000Z' },
    ]);
  });

  it('without run_missed a missed time is recorded as skipped, not run', async () => {
    bed = createAutomationTestBed({ start: '2026-12-07T07:00:00Z' });
    const automation = await bed.service.create(definition({ schedule: weekdaysAtNine }));
    await bed.restart();
    bed.clock.now = new Date('2026-12-07T10:00:00Z');
    await bed.service.scheduler.start();
    expect(bed.runtime.created).toHaveLength(0);
    expect(await bed.service.runs(automation.id, 10)).toMatchObject([
      { trigger: 'missed', status: 'skipped', reason: expect.stringContaining('not running') },
    ]);
  });
});

describe('overlap and a runtime that is down', () => {
  it('skips a run while the previous run of the same automation is still going, and records why', async () => {
    bed = createAutomationTestBed();
    const automation = await bed.service.create(definition());
    const first = await bed.service.runNow(automation.id);
    expect(first.status).toBe('started');
    const second = await bed.service.runNow(automation.id);
    expect(second).toMatchObject({ status: 'skipped', reason: expect.stringContaining('still running') });
    bed.runtime.statuses.set(first.conversation_id ?? '', 'waiting_for_confirmation');
    expect(await bed.service.runNow(automation.id)).toMatchObject({
      status: 'skipped',
      reason: expect.stringContaining('waiting for an approval'),
    });
    bed.runtime.statuses.set(first.conversation_id ?? '', 'queued');
    expect(await bed.service.runNow(automation.id)).toMatchObject({
      status: 'skipped',
      reason: expect.stringContaining('waiting in the run queue'),
    });
    bed.runtime.statuses.set(first.conversation_id ?? '', 'finished');
    expect((await bed.service.runNow(automation.id)).status).toBe('started');
    expect(bed.runtime.created).toHaveLength(2);
  });

  it('retries a runtime that is down, then records the run as failed with the reason', async () => {
    bed = createAutomationTestBed({ retryDelaysMs: [10, 20, 40] });
    const automation = await bed.service.create(definition());
    bed.runtime.down = true;
    const run = await bed.service.runNow(automation.id);
    expect(bed.sleeps).toEqual([10, 20, 40]);
    expect(run).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/not reachable.*4 attempts/),
    });
    expect((await bed.service.get(automation.id)).last_run).toMatchObject({ id: run.id, status: 'failed' });
  });

  it("a runtime refusal (say the workspace was removed) fails at once with the runtime's words", async () => {
    bed = createAutomationTestBed();
    const automation = await bed.service.create(definition());
    bed.runtime.refusal = 'the runtime could not create the conversation (HTTP 422): no such folder';
    const run = await bed.service.runNow(automation.id);
    expect(run).toMatchObject({ status: 'failed', reason: expect.stringContaining('no such folder') });
    expect(bed.sleeps).toEqual([]);
  });

  it('a run left pending by a process that stopped is failed at the next start, not lost', async () => {
    bed = createAutomationTestBed();
    const automation = await bed.service.create(definition());
    await bed.store.addRun({
      id: '10000000-0000-4000-8000-000000000001',
      automation_id: automation.id,
      trigger: 'webhook',
      status: 'pending',
      conversation_id: null,
      reason: null,
      created_at: bed.clock.now.toISOString(),
      scheduled_for: null,
      refused_calls: 0,
    });
    expect(await bed.store.failPendingRuns('stopped')).toBe(1);
    expect((await bed.service.runs(automation.id, 5))[0]).toMatchObject({
      status: 'failed',
      reason: 'stopped',
    });
  });
});

describe('definitions', () => {
  it('refuses an invalid cron expression and an unknown workspace with the field at fault, storing nothing', async () => {
    bed = createAutomationTestBed();
    const badCron = bed.service.create(definition({ schedule: { cron: '0 25 * * *', timezone: 'UTC' } }));
    await expect(badCron).rejects.toBeInstanceOf(AutomationError);
    await expect(badCron).rejects.toMatchObject({ code: 'invalid_schedule', field: 'schedule.cron' });
    await expect(bed.service.create(definition({ workspace: '/no/such/folder' }))).rejects.toMatchObject({
      code: 'invalid_workspace',
      field: 'workspace',
    });
    expect(await bed.service.list()).toEqual([]);
  });

  it('edits keep the webhook token, turning the webhook off drops it, deleting removes the history', async () => {
    bed = createAutomationTestBed();
    const automation = await bed.service.create(definition({ webhook: true }));
    expect(automation.webhook_url).toMatch(
      new RegExp(`^/api/automation/hooks/${automation.id}\\?token=token-\\d+$`),
    );
    const renamed = await bed.service.update(automation.id, { name: 'Renamed' });
    expect(renamed.webhook_url).toBe(automation.webhook_url);
    expect((await bed.service.update(automation.id, { webhook: false })).webhook_url).toBeNull();
    await bed.service.runNow(automation.id);
    await bed.service.delete(automation.id);
    await expect(bed.service.get(automation.id)).rejects.toThrow(/No automation/);
    expect(await bed.store.listRuns(automation.id, 5)).toEqual([]);
  });

  it("a run with its own model asks for it at the settings' endpoint, one without follows the settings", async () => {
    bed = createAutomationTestBed();
    const own = await bed.service.create(
      definition({ llm: { provider: 'openai-compatible', model: 'qwen-large' } }),
    );
    const plain = await bed.service.create(definition({ name: 'Plain' }));
    await bed.service.runNow(own.id);
    await bed.service.runNow(plain.id);
    expect(bed.runtime.created[0]?.llm).toEqual({
      provider: 'openai-compatible',
      model: 'qwen-large',
      base_url: 'http://127.0.0.1:11434/v1',
    });
    expect(bed.runtime.created[1]).not.toHaveProperty('llm');
  });

  it('previews a schedule as a sentence and its next times', () => {
    bed = createAutomationTestBed({ start: '2026-12-04T12:00:00Z' });
    expect(bed.service.preview(weekdaysAtNine)).toEqual({
      description: 'every weekday at 09:00, Europe/Berlin',
      next_runs: ['2026-12-07T08:00:00.000Z', '2026-12-08T08:00:00.000Z', '2026-12-09T08:00:00.000Z'],
    });
  });
});

describe('a database that fails or answers slowly', () => {
  it('a failure while the timer fires is reported, and the due run starts once the database is back', async () => {
    let failing = false;
    bed = createAutomationTestBed({
      start: '2026-12-07T07:00:00Z',
      wrapStore: (store) => ({
        ...store,
        list: () => (failing ? Promise.reject(new Error('connection terminated')) : store.list()),
      }),
    });
    await bed.service.scheduler.start();
    const automation = await bed.service.create(definition({ schedule: weekdaysAtNine }));
    failing = true;
    await bed.advance(61 * 60_000);
    expect(bed.runtime.created).toHaveLength(0);
    expect(bed.errors.length).toBeGreaterThan(0);
    expect(String(bed.errors[0])).toContain('connection terminated');
    expect(bed.armedMs()).toBe(MAX_SLEEP_MS);
    failing = false;
    await bed.advance(MAX_SLEEP_MS);
    expect(bed.runtime.created).toHaveLength(1);
    expect(await bed.service.runs(automation.id, 10)).toMatchObject([
      { trigger: 'schedule', status: 'started', scheduled_for: '2026-12-07T08:00:00.000Z' },
    ]);
  });

  it('an edit made while the timer records the next time is kept, not written over by the timer', async () => {
    let gate: Promise<void> | undefined;
    let release = () => {};
    bed = createAutomationTestBed({
      start: '2026-12-07T07:59:30Z',
      wrapStore: (store) => ({
        ...store,
        save: async (record) => {
          const waitFor = gate;
          gate = undefined;
          if (waitFor) await waitFor;
          return store.save(record);
        },
      }),
    });
    await bed.service.scheduler.start();
    const automation = await bed.service.create(definition({ schedule: weekdaysAtNine }));
    gate = new Promise((resolve) => {
      release = resolve;
    });
    await bed.advance(30_000); // the timer fires; its save waits at the gate
    const edit = bed.service.update(automation.id, { name: 'Renamed' });
    await bed.advance(0);
    release();
    await edit;
    expect(await bed.service.get(automation.id)).toMatchObject({
      name: 'Renamed',
      next_run_at: '2026-12-08T08:00:00.000Z',
    });
    expect(bed.runtime.created).toHaveLength(1);
  });
});
