import { describe, expect, it } from 'vitest';
import { createEventBuilder } from '../agent/testing/event-builders';
import type { ActionEvent, Condensation, Event } from '../events';
import { modelMessages } from './model-messages';
import { planHardReset } from './plan-hard-reset';
import { estimateItemTokens } from './token-estimate';
import { buildView } from './view';

const roomy = { tokens: 100_000, estimate: estimateItemTokens };

/** One response calling `width` tools at once, then their answers: no cut inside it. */
function wideBatch(build: ReturnType<typeof createEventBuilder>, width: number): Event[] {
  const actions: ActionEvent[] = Array.from({ length: width }, (_, index) => ({
    ...build.terminalAction(`cmd ${index}`),
    llm_response_id: 'one-response',
  }));
  return [...actions, ...actions.map((action) => build.observation(action, 'x'.repeat(200)))];
}

function condensed(branch: Event[], plan: NonNullable<ReturnType<typeof planHardReset>>): Event[] {
  const event: Condensation = {
    kind: 'Condensation',
    id: '00000000-0000-4000-8000-0000000fffff',
    seq: branch.length,
    timestamp: '2025-01-01T00:00:00.000Z',
    source: 'environment',
    forgotten_event_ids: plan.forgottenEventIds,
    summary: 'SUMMARY',
    summary_offset: plan.offset,
    mode: 'hard_reset',
  };
  return [...branch, event];
}

describe('planHardReset', () => {
  it('keeps the first user message, the summary and the latest turn, and forgets the rest', () => {
    const build = createEventBuilder();
    const task = build.userMessage('the task');
    const branch: Event[] = [
      task,
      ...build.pair('a', 'out'),
      build.agentMessage('ok'),
      build.userMessage('next'),
    ];
    branch.push(...wideBatch(build, 3));
    const plan = planHardReset(buildView(branch).items, roomy);
    expect(plan?.mode).toBe('hard_reset');
    const view = buildView(condensed(branch, plan!)).items;
    expect(view[0]?.id).toBe(task.id);
    expect(view[1]).toMatchObject({ kind: 'CondensationSummary', summary: 'SUMMARY' });
    expect(view.slice(2).map((item) => item.kind)).toEqual([
      'ActionEvent',
      'ActionEvent',
      'ActionEvent',
      'ObservationEvent',
      'ObservationEvent',
      'ObservationEvent',
    ]);
  });

  it('the request after a hard reset has no orphan tool result and no call without its result', () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('task'), ...wideBatch(build, 4), ...build.pair('b', 'out')];
    const plan = planHardReset(buildView(branch).items, roomy);
    const messages = modelMessages(buildView(condensed(branch, plan!)));
    const called = new Set(
      messages.flatMap((message) =>
        message.role === 'assistant' ? message.tool_calls.map((call) => call.id) : [],
      ),
    );
    const answered = messages.flatMap((message) => (message.role === 'tool' ? [message.tool_call_id] : []));
    expect(answered.every((id) => called.has(id))).toBe(true);
    expect([...called].every((id) => answered.includes(id))).toBe(true);
  });

  it('forgets a latest turn longer than the tail limit too, leaving the task and the summary', () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('task'), build.agentMessage('hm'), ...wideBatch(build, 2)];
    const plan = planHardReset(buildView(branch).items, { tokens: 10, estimate: estimateItemTokens });
    const view = buildView(condensed(branch, plan!)).items;
    expect(view.map((item) => item.kind)).toEqual(['MessageEvent', 'CondensationSummary']);
  });

  it('forgets the latest turn when nothing else is left, and is null when only the task is', () => {
    const build = createEventBuilder();
    const only: Event[] = [build.userMessage('task')];
    expect(planHardReset(buildView(only).items, roomy)).toBeNull();
    const branch: Event[] = [build.userMessage('task'), ...build.pair('a', 'out')];
    const plan = planHardReset(buildView(branch).items, roomy);
    expect(plan?.forgottenEventIds).toHaveLength(2);
    expect(buildView(condensed(branch, plan!)).items.map((item) => item.kind)).toEqual([
      'MessageEvent',
      'CondensationSummary',
    ]);
  });
});
