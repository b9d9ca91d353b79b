import { afterEach, describe, expect, it } from 'vitest';
import { createServiceHarness, type ServiceHarness } from '../conversation/testing/create-service-harness';
import type { LiveFrame } from './live-frame';
import type { Condensation, ConversationErrorEvent } from '../events';
import type { ScriptTurn } from '../llm/llm-script';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

const terminal = (command: string, usage?: { prompt_tokens: number; completion_tokens: number }) => ({
  tool_calls: [{ name: 'terminal', arguments: { command } }],
  ...(usage ? { usage } : {}),
});

/** A conversation with some history (three commands), then a new message whose step the script decides. */
async function withHistory(turnsAfter: ScriptTurn[]) {
  harness = await createServiceHarness({
    script: { turns: [terminal('a'), terminal('b'), terminal('c'), { text: 'ran them' }, ...turnsAfter] },
    service: { condenser: { maxEvents: 400, keepFirst: 2 } },
  });
  const id = await harness.create();
  await harness.say(id, 'run three commands');
  expect(await harness.settled(id)).toBe('finished');
  return id;
}

describe('a prompt the provider refuses as too long', () => {
  it('is condensed and the step retried once, and the person sees the retry', async () => {
    const id = await withHistory([
      { fail: 'context_overflow' },
      { text: 'SUMMARY: ran a, b and c.' },
      { text: 'Answered after condensing.' },
    ]);
    const frames: LiveFrame[] = [];
    const subscription = await harness.service.subscribe(id, (frame) => frames.push(frame));
    await harness.say(id, 'and now?');
    expect(await harness.settled(id)).toBe('finished');
    subscription.unsubscribe();

    const condensations = (await harness.kinds(id, 'Condensation')) as Condensation[];
    expect(condensations).toHaveLength(1);
    expect(condensations[0]?.summary).toContain('SUMMARY: ran a, b and c.');
    expect(harness.llm.calls[5]?.purpose).toBe('summary');
    const refused = harness.llm.calls[4];
    const retried = harness.llm.calls[6];
    expect(JSON.stringify(retried?.messages)).toContain('SUMMARY: ran a, b and c.');
    expect(retried?.messages.length).toBeLessThan(refused?.messages.length ?? 0);
    expect(await harness.kinds(id, 'ConversationErrorEvent')).toHaveLength(0);
    const last = (await harness.events(id)).filter((event) => event.kind === 'MessageEvent').at(-1);
    expect(JSON.stringify(last)).toContain('Answered after condensing.');
    expect(frames).toContainEqual(
      expect.objectContaining({ type: 'item_retrying', code: 'context_overflow' }),
    );
  });

  it('a second refusal resets hard (the task, the summary, the latest turn) and the run finishes', async () => {
    const id = await withHistory([
      { fail: 'context_overflow' },
      { text: 'SUMMARY' },
      { fail: 'context_overflow' },
      { text: 'HARD SUMMARY' },
      { text: 'Answered after a hard reset.' },
    ]);
    await harness.say(id, 'and now?');
    expect(await harness.settled(id)).toBe('finished');
    const condensations = (await harness.kinds(id, 'Condensation')) as Condensation[];
    expect(condensations.map((event) => event.mode)).toEqual([undefined, 'hard_reset']);
    const retried = harness.llm.calls.at(-1);
    const sent = JSON.stringify(retried?.messages);
    expect(sent).toContain('run three commands');
    expect(sent).toContain('HARD SUMMARY');
    expect(sent).toContain('and now?');
    expect(await harness.kinds(id, 'ConversationErrorEvent')).toHaveLength(0);
  });

  it('a hard reset whose own summary call is refused still forgets, keeping the earlier summary', async () => {
    const id = await withHistory([
      { fail: 'context_overflow' },
      { text: 'SUMMARY' },
      { fail: 'context_overflow' },
      { fail: 'context_overflow' },
      { text: 'Answered without a new summary.' },
    ]);
    await harness.say(id, 'and now?');
    expect(await harness.settled(id)).toBe('finished');
    const condensations = (await harness.kinds(id, 'Condensation')) as Condensation[];
    expect(condensations.at(-1)).toMatchObject({ mode: 'hard_reset' });
    expect(condensations.at(-1)?.summary).toContain('SUMMARY');
    expect(condensations.at(-1)?.summary).toContain('could not be written');
  });

  it('ends the run with the error when the prompt is refused a third time', async () => {
    const id = await withHistory([
      { fail: 'context_overflow' },
      { text: 'SUMMARY' },
      { fail: 'context_overflow' },
      { text: 'HARD SUMMARY' },
      { fail: 'context_overflow' },
      { text: 'never asked' },
    ]);
    await harness.say(id, 'and now?');
    expect(await harness.settled(id)).toBe('error');
    expect(harness.llm.calls.at(-1)?.purpose ?? 'step').toBe('step');
    const errors = (await harness.kinds(id, 'ConversationErrorEvent')) as ConversationErrorEvent[];
    expect(errors.map((error) => error.code)).toEqual(['LLMContextWindowExceeded']);
  });

  it('ends with the error at once when there is nothing to forget', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ fail: 'context_overflow' }, { text: 'no' }] },
    });
    const id = await harness.create();
    await harness.say(id, 'a task far too long for the model');
    expect(await harness.settled(id)).toBe('error');
    expect(harness.llm.calls).toHaveLength(1);
    expect(await harness.kinds(id, 'Condensation')).toHaveLength(0);
  });
});

describe('the token trigger', () => {
  it("condenses before the next call once the provider's count passes the budget of the window", async () => {
    // An unknown openai-compatible model: a 32k window, so a budget of 21,300 prompt tokens.
    harness = await createServiceHarness({
      script: {
        turns: [
          terminal('a', { prompt_tokens: 900, completion_tokens: 10 }),
          terminal('b', { prompt_tokens: 25_000, completion_tokens: 10 }),
          { text: 'SUMMARY: ran a and b.' },
          { text: 'done' },
        ],
      },
      service: { condenser: { maxEvents: 400, keepFirst: 2 } },
    });
    const id = await harness.create();
    await harness.say(id, 'run two commands');
    expect(await harness.settled(id)).toBe('finished');
    expect(await harness.kinds(id, 'Condensation')).toHaveLength(1);
    expect(harness.llm.calls[2]?.purpose).toBe('summary');
    expect(JSON.stringify(harness.llm.calls[3]?.messages)).toContain('SUMMARY: ran a and b.');
  });

  it('does not condense a small prompt of a few items', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [
          terminal('a', { prompt_tokens: 900, completion_tokens: 10 }),
          terminal('b'),
          { text: 'done' },
        ],
      },
      service: { condenser: { maxEvents: 400, keepFirst: 2 } },
    });
    const id = await harness.create();
    await harness.say(id, 'run two commands');
    expect(await harness.settled(id)).toBe('finished');
    expect(await harness.kinds(id, 'Condensation')).toHaveLength(0);
    expect(harness.llm.calls).toHaveLength(3);
  });

  it('does not condense each step when what is never forgotten fills the budget on its own', async () => {
    // A 2,000-token window (budget 1,300): the system prompt and the tools alone pass it.
    harness = await createServiceHarness({
      script: { turns: [terminal('a'), terminal('b'), terminal('c'), { text: 'done' }] },
      service: { condenser: { maxEvents: 400, keepFirst: 2, contextWindows: { 'scripted-model': 2_000 } } },
    });
    const id = await harness.create();
    await harness.say(id, 'run three commands');
    expect(await harness.settled(id)).toBe('finished');
    expect(await harness.kinds(id, 'Condensation')).toHaveLength(0);
    expect(harness.llm.calls.map((call) => call.purpose ?? 'step')).toEqual(['step', 'step', 'step', 'step']);
  });
});
