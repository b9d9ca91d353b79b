import { describe, expect, it } from 'vitest';
import { createEventBuilder } from '../agent/testing/event-builders';
import type { Event } from '../events';
import { decideCondensation } from './decide-condensation';
import { buildView } from './view';

const options = { maxEvents: 10, keepFirst: 2 };
const roomy = { tokens: 100, budget: 100_000 };

function conversation(turns: number): Event[] {
  const build = createEventBuilder();
  const branch: Event[] = [build.userMessage('the task')];
  for (let turn = 0; turn < turns; turn++)
    branch.push(...build.pair(`step ${turn}`, 'output'), build.agentMessage(`done ${turn}`));
  return branch;
}

const request: Event = {
  kind: 'CondensationRequest',
  id: '00000000-0000-4000-8000-0000000fffff',
  seq: 999,
  timestamp: '2025-01-01T00:00:00.000Z',
  source: 'user',
};

describe('decideCondensation: one entry point for every condensation', () => {
  it('condenses on demand for the reason "asked", and not when nothing can be forgotten', () => {
    const long = conversation(3);
    expect(decideCondensation({ kind: 'on_demand', items: buildView(long).items, options })?.reason).toBe(
      'asked',
    );
    const short = conversation(0);
    expect(decideCondensation({ kind: 'on_demand', items: buildView(short).items, options })).toBeUndefined();
  });

  it('before a step: a request in the log is "asked", the item cap "over_threshold", neither nothing', () => {
    const decide = (branch: Event[]) =>
      decideCondensation({
        kind: 'before_step',
        items: buildView(branch).items,
        branch,
        options,
        size: roomy,
        headTokens: () => 0,
      });
    expect(decide(conversation(2))).toBeUndefined();
    expect(decide([...conversation(2), request])?.reason).toBe('asked');
    expect(decide(conversation(4))?.reason).toBe('over_threshold');
  });

  it('before a step: over the token budget only because of the head, it does not condense', () => {
    const branch = conversation(2);
    const decide = (headTokens: number) =>
      decideCondensation({
        kind: 'before_step',
        items: buildView(branch).items,
        branch,
        options,
        size: { tokens: 2_000, budget: 1_000 },
        headTokens: () => headTokens,
      });
    expect(decide(10)?.reason).toBe('over_threshold');
    expect(decide(950)).toBeUndefined();
  });

  it('after a second refusal of the window it resets hard', () => {
    const branch = conversation(4);
    const decide = (refusals: number) =>
      decideCondensation({
        kind: 'after_overflow',
        items: buildView(branch).items,
        options,
        size: roomy,
        sentTokens: 100_000,
        refusals,
      });
    expect(decide(1)?.reason).toBe('over_threshold');
    expect(decide(2)).toMatchObject({ reason: 'hard_reset', plan: { mode: 'hard_reset' } });
  });
});
