import { describe, expect, it } from 'vitest';
import { createEventBuilder } from '../agent/testing/event-builders';
import type { Event } from '../events';
import { createScriptedLLM } from '../llm/scripted-llm';
import { condensationTrigger, planCondensation, tailTokenLimit } from './condenser';
import { boundTranscript, summarizeCondensation } from './condenser-summarize';
import { estimateItemTokens } from './token-estimate';
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
      summary: expect.stringContaining('They said hello many times.'),
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

  it('does not condense when it would forget less than a tenth of the view', () => {
    const build = createEventBuilder();
    // A batch of ten calls right after the task holds the head's cut back to its end (index 21).
    const actions = Array.from({ length: 10 }, (_, index) => ({
      ...build.terminalAction(`cmd ${index}`),
      llm_response_id: 'wide',
    }));
    const branch: Event[] = [
      build.userMessage('task'),
      ...actions,
      ...actions.map((action) => build.observation(action, 'out')),
    ];
    for (let index = 0; index < 20; index++) branch.push(build.userMessage(`m${index}`));
    const items = buildView(branch).items;
    expect(items).toHaveLength(41);
    // Forgetting m0..m2 (3 of 41) is under a tenth: nothing happens.
    expect(planCondensation(items, { maxEvents: 400, keepFirst: 2 })).toBeNull();
    // Four more messages: the tail's cut moves to 26, and 5 of 45 is over a tenth.
    for (let index = 20; index < 24; index++) branch.push(build.userMessage(`m${index}`));
    expect(
      planCondensation(buildView(branch).items, { maxEvents: 400, keepFirst: 2 })?.forgottenEventIds,
    ).toHaveLength(5);
  });

  it('condenses softly when the prompt passes its budget, whatever the item count', () => {
    const branch = messages(5);
    const items = buildView(branch).items;
    const options = { maxEvents: 400, keepFirst: 2 };
    expect(condensationTrigger(items, branch, options, { tokens: 20_000, budget: 20_000 })).toBe('none');
    expect(condensationTrigger(items, branch, options, { tokens: 20_001, budget: 20_000 })).toBe('soft');
    // The item cap still applies on its own, as a secondary cap.
    expect(condensationTrigger(items, branch, { maxEvents: 4, keepFirst: 2 }, { tokens: 1, budget: 9 })).toBe(
      'soft',
    );
  });

  it('keeps only as much of the tail as fits its token limit', () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('task')];
    for (let index = 0; index < 10; index++) branch.push(build.userMessage('x'.repeat(400)));
    const items = buildView(branch).items;
    const options = { maxEvents: 400, keepFirst: 1 };
    // By count alone: half of 11 items, minus the head and the summary: 3 kept.
    expect(planCondensation(items, options)?.forgottenEventIds).toHaveLength(7);
    // Each item is about 104 tokens: a 250-token tail keeps 2.
    const plan = planCondensation(items, options, { tokens: 250, estimate: estimateItemTokens });
    expect(plan?.forgottenEventIds).toHaveLength(8);
    // A tail limit smaller than the newest item forgets everything after the head.
    const hard = planCondensation(items, options, { tokens: 10, estimate: estimateItemTokens });
    expect(hard?.forgottenEventIds).toHaveLength(10);
  });

  it('keeps half the budget normally; after an overflow, a quarter of the smaller of budget and refused prompt', () => {
    expect(tailTokenLimit(20_000, 30_000, false)).toBe(10_000);
    expect(tailTokenLimit(20_000, 30_000, true)).toBe(5_000);
    expect(tailTokenLimit(20_000, 8_000, true)).toBe(2_000);
  });

  it('the summary call is a side call with purpose summary', async () => {
    const items = buildView(messages(6)).items;
    const plan = planCondensation(items, { maxEvents: 4, keepFirst: 1 });
    const llm = createScriptedLLM({ turns: [{ text: 'summary' }] });
    await summarizeCondensation(plan!, llm, { id: 'c', timestamp: '2025-01-01T00:00:00.000Z' });
    expect(llm.calls[0]?.purpose).toBe('summary');
  });

  it('bounds the transcript it summarises: the first part, the newest that fit, and a note', () => {
    const parts = ['FIRST', ...Array.from({ length: 10 }, (_, index) => `part ${index} ${'x'.repeat(96)}`)];
    expect(boundTranscript(parts, 10_000)).toBe(parts.join('\n\n'));
    const bounded = boundTranscript(parts, 100);
    expect(bounded.startsWith('FIRST')).toBe(true);
    expect(bounded).toContain('part 9');
    expect(bounded).not.toContain('part 0');
    expect(bounded).toMatch(/\[… \d+ earlier events left out to fit the model …\]/);
  });

  it('a large slice is summarised within the model budget', async () => {
    const build = createEventBuilder();
    const branch: Event[] = [build.userMessage('task')];
    for (let index = 0; index < 40; index++) branch.push(build.userMessage(`m${index} ${'y'.repeat(1_900)}`));
    const plan = planCondensation(buildView(branch).items, { maxEvents: 10, keepFirst: 1 });
    const llm = createScriptedLLM({ turns: [{ text: 'summary' }] });
    await summarizeCondensation(plan!, llm, {
      id: 'c',
      timestamp: '2025-01-01T00:00:00.000Z',
      maxInputTokens: 4_000,
    });
    const sent = JSON.stringify(llm.calls[0]?.messages);
    expect(sent.length / 4).toBeLessThan(4_000);
    expect(sent).toContain('left out to fit the model');
  });
});
