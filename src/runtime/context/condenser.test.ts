import { describe, expect, it } from 'vitest';
import { createEventBuilder } from '../agent/testing/event-builders';
import type { Event } from '../events';
import { createScriptedLLM } from '../llm/scripted-llm';
import { condensationTrigger, planCondensation } from './condenser';
import { summarizeCondensation } from './condenser-summarize';
import { buildView } from './view';

function messages(count: number): Event[] {
  const build = createEventBuilder();
  return Array.from({ length: count }, (_, index) => build.userMessage(`message ${index}`));
}

describe('condenser', () => {
  it('does nothing at the window and asks softly one past it (window 100)', () => {
    const options = { maxEvents: 100, keepFirst: 2 };
    const at = messages(100);
    expect(condensationTrigger(buildView(at).items, at, options)).toBe('none');
    const past = messages(101);
    expect(condensationTrigger(buildView(past).items, past, options)).toBe('soft');
  });

  it('window 10, keep first 3, 11 events: one condensation at offset 3 from exactly one summarizer call', async () => {
    const branch = messages(11);
    const options = { maxEvents: 10, keepFirst: 3 };
    const items = buildView(branch).items;
    const plan = planCondensation(items, options);
    expect(plan).not.toBeNull();
    const llm = createScriptedLLM({ turns: [{ text: 'They said hello many times.' }] });
    const event = await summarizeCondensation(plan!, llm, {
      id: '00000000-0000-4000-8000-00000000ffff',
      timestamp: '2025-01-01T00:00:00.000Z',
    });
    expect(llm.calls).toHaveLength(1);
    expect(event).toMatchObject({
      kind: 'Condensation',
      summary_offset: 3,
      summary: 'They said hello many times.',
    });
    expect(event.kind === 'Condensation' && event.forgotten_event_ids.length).toBeGreaterThan(0);
    const condensed = buildView([...branch, { ...event, seq: 11 } as Event]).items;
    expect(condensed.length).toBeLessThanOrEqual(10);
    expect(condensed[3]?.kind).toBe('CondensationSummary');
  });

  it('window 20, keep first 2, 25 events and a CondensationRequest: 16 events forgotten', () => {
    const branch: Event[] = [
      ...messages(25),
      {
        kind: 'CondensationRequest',
        id: '00000000-0000-4000-8000-0000000000ff',
        seq: 25,
        timestamp: '2025-01-01T00:00:00.000Z',
        source: 'user',
      },
    ];
    const options = { maxEvents: 20, keepFirst: 2 };
    const items = buildView(branch).items;
    expect(condensationTrigger(items, branch, options)).toBe('hard');
    expect(planCondensation(items, options)?.forgottenEventIds).toHaveLength(16);
  });

  it('a request already answered by a Condensation no longer triggers', () => {
    const branch: Event[] = [
      ...messages(3),
      {
        kind: 'CondensationRequest',
        id: '00000000-0000-4000-8000-0000000000fe',
        seq: 3,
        timestamp: '2025-01-01T00:00:00.000Z',
        source: 'user',
      },
      {
        kind: 'Condensation',
        id: '00000000-0000-4000-8000-0000000000ff',
        seq: 4,
        timestamp: '2025-01-01T00:00:00.000Z',
        source: 'environment',
        forgotten_event_ids: [],
      },
    ];
    expect(condensationTrigger(buildView(branch).items, branch, { maxEvents: 20, keepFirst: 2 })).toBe(
      'none',
    );
  });

  it('never parts a tool call from its result', () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('task')];
    for (let index = 0; index < 6; index++) branch.push(...build.pair(`cmd ${index}`, 'out'));
    const plan = planCondensation(buildView(branch).items, { maxEvents: 8, keepFirst: 2 });
    expect(plan).not.toBeNull();
    const forgottenKinds = plan!.forgotten.map((item) => item.kind);
    expect(forgottenKinds[0]).toBe('ActionEvent');
    expect(forgottenKinds.at(-1)).toBe('ObservationEvent');
  });
});
