import { afterEach, describe, expect, it } from 'vitest';
import type { BudgetEvent } from '../events';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

/** A step that runs a command and costs `cost` dollars (null: a model with no known price). */
const pricedStep = (command: string, cost: number | null) => ({
  tool_calls: [{ name: 'terminal', arguments: { command } }],
  usage: { prompt_tokens: 1_000, completion_tokens: 10, cost },
});

const budgetEvents = async (id: string) => (await harness.kinds(id, 'BudgetEvent')) as BudgetEvent[];

describe('budgets pause a run', () => {
  it('a run budget reached after two steps pauses the run before the third, and says which budget', async () => {
    harness = await createServiceHarness({
      script: { turns: [pricedStep('a', 0.3), pricedStep('b', 0.3), pricedStep('c', 0.3), { text: 'done' }] },
    });
    const id = await harness.create({ max_budget_per_run: 0.5 });
    await harness.say(id, 'work');
    expect(await harness.settled(id)).toBe('paused');
    expect(harness.llm.calls).toHaveLength(2);
    const [event] = await budgetEvents(id);
    expect(event).toMatchObject({ notice: 'budget_reached', budget: 'run', limit_usd: 0.5, spent_usd: 0.6 });
    expect(event?.detail).toContain('$0.5000');
    expect(await harness.kinds(id, 'ConversationErrorEvent')).toHaveLength(0);
  });

  it('resume with the budget still reached pauses again at once with the same event, and calls no model', async () => {
    harness = await createServiceHarness({
      script: { turns: [pricedStep('a', 0.6), { text: 'done' }] },
    });
    const id = await harness.create({ max_budget_per_conversation: 0.5 });
    await harness.say(id, 'work');
    expect(await harness.settled(id)).toBe('paused');
    await harness.service.run(id);
    expect(await harness.settled(id)).toBe('paused');
    await harness.service.run(id);
    expect(await harness.settled(id)).toBe('paused');
    expect(harness.llm.calls).toHaveLength(1);
    const events = await budgetEvents(id);
    expect(events).toHaveLength(3);
    const { id: _first, seq: _seq, timestamp: _at, parent_id: _parent, ...first } = events[0] as BudgetEvent;
    for (const again of events.slice(1)) expect(again).toMatchObject(first);
  });

  it('raising the budget and resuming goes on from where it paused and finishes', async () => {
    harness = await createServiceHarness({
      script: { turns: [pricedStep('a', 0.6), pricedStep('b', 0.1), { text: 'done' }] },
    });
    const id = await harness.create({ max_budget_per_conversation: 0.5 });
    await harness.say(id, 'work');
    expect(await harness.settled(id)).toBe('paused');
    await harness.service.update(id, { budgets: { max_budget_per_conversation: 2 } });
    expect((await harness.service.get(id)).budgets?.max_budget_per_conversation).toBe(2);
    await harness.service.run(id);
    expect(await harness.settled(id)).toBe('finished');
    expect(harness.llm.calls).toHaveLength(3);
    expect(await budgetEvents(id)).toHaveLength(1);
  });

  it('a new message starts a new run: the run budget counts from it again', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [pricedStep('a', 0.6), { text: 'first done' }, pricedStep('b', 0.2), { text: 'done' }],
      },
    });
    const id = await harness.create({ max_budget_per_run: 0.5 });
    await harness.say(id, 'work');
    expect(await harness.settled(id)).toBe('paused');
    await harness.service.update(id, { budgets: { max_budget_per_run: 1 } });
    await harness.service.run(id);
    expect(await harness.settled(id)).toBe('finished');
    await harness.say(id, 'more');
    expect(await harness.settled(id)).toBe('finished');
    expect(await budgetEvents(id)).toHaveLength(1);
  });

  it('an unknown cost records once that the budget cannot be checked, and the run goes on', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [pricedStep('a', null), pricedStep('b', null), pricedStep('c', null), { text: 'done' }],
      },
    });
    const id = await harness.create({ max_budget_per_run: 0.01 });
    await harness.say(id, 'work');
    expect(await harness.settled(id)).toBe('finished');
    const events = await budgetEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      notice: 'cost_unknown',
      budget: 'run',
      limit_usd: 0.01,
      spent_usd: null,
    });
    expect(events[0]?.detail).toContain('unknown');
    expect((await harness.service.get(id)).stats.cost).toBeNull();
  });

  it("an automation run's budget pauses it as the automation's, and the info says so while it stays paused", async () => {
    harness = await createServiceHarness({
      script: { turns: [pricedStep('a', 0.4), pricedStep('b', 0.4), { text: 'done' }] },
    });
    const id = await harness.create({ max_budget_per_automation_run: 0.75 });
    await harness.say(id, 'nightly job');
    expect(await harness.settled(id)).toBe('paused');
    const [event] = await budgetEvents(id);
    expect(event).toMatchObject({ budget: 'automation', limit_usd: 0.75, spent_usd: 0.8 });
    expect((await harness.service.get(id)).budget_pause).toEqual({
      budget: 'automation',
      limit_usd: 0.75,
      spent_usd: 0.8,
      event_id: event?.id,
    });
    await harness.service.update(id, { budgets: { max_budget_per_automation_run: 5 } });
    await harness.service.run(id);
    expect(await harness.settled(id)).toBe('finished');
    expect((await harness.service.get(id)).budget_pause).toBeNull();
  });

  it('without a budget nothing is checked or recorded', async () => {
    harness = await createServiceHarness({ script: { turns: [pricedStep('a', 5), { text: 'done' }] } });
    const id = await harness.create();
    await harness.say(id, 'work');
    expect(await harness.settled(id)).toBe('finished');
    expect(await budgetEvents(id)).toHaveLength(0);
  });
});

describe('a large request', () => {
  it('is noticed once before the step, with its estimate and an unknown cost for an unpriced model', async () => {
    const small = (command: string) => ({ tool_calls: [{ name: 'terminal', arguments: { command } }] });
    harness = await createServiceHarness({
      script: {
        turns: [
          small('ls'),
          small('pwd'),
          small('date'),
          small(`echo ${'x'.repeat(50_000)}`),
          small('ls again'),
          { text: 'done' },
        ],
      },
      // A window large enough that the big request is sent, not condensed first.
      service: { condenser: { contextWindows: { 'scripted-model': 1_000_000 } } },
    });
    const id = await harness.create();
    await harness.say(id, 'work');
    expect(await harness.settled(id)).toBe('finished');
    const notices = (await budgetEvents(id)).filter((event) => event.notice === 'large_request');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.estimated_tokens).toBeGreaterThan(12_000);
    expect(notices[0]?.estimated_cost_usd).toBeNull();
    expect(notices[0]?.detail).toContain('no known price');
    // Recorded before the call that sent it: the fifth request is the large one.
    const events = await harness.events(id);
    const noticeSeq = notices[0]?.seq ?? -1;
    expect(events.filter((event) => event.kind === 'ActionEvent' && event.seq < noticeSeq)).toHaveLength(4);
  });
});
