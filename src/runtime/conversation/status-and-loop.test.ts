import { afterEach, describe, expect, it } from 'vitest';
import type { AgentErrorEvent, ConversationErrorEvent, MessageEvent } from '../events';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

const terminal = (command: string) => ({ tool_calls: [{ name: 'terminal', arguments: { command } }] });

describe('status and loop (SCENARIOS 29–35)', () => {
  it('run on a finished conversation with no new message makes no model call', async () => {
    harness = await createServiceHarness({ script: { turns: [{ text: 'Done here.' }] } });
    const id = await harness.create();
    await harness.say(id, 'hi');
    await harness.settled(id);
    await harness.service.run(id);
    expect(await harness.settled(id)).toBe('finished');
    expect(harness.llm.calls).toHaveLength(1);
  });

  it('a message to a finished conversation makes it idle, then a run goes on as usual', async () => {
    harness = await createServiceHarness({ script: { turns: [{ text: 'first' }, { text: 'second' }] } });
    const id = await harness.create();
    await harness.say(id, 'one');
    await harness.settled(id);
    await harness.say(id, 'two', false);
    expect(await harness.status(id)).toBe('idle');
    await harness.service.run(id);
    expect(await harness.settled(id)).toBe('finished');
    expect(harness.llm.calls).toHaveLength(2);
    expect(await harness.statusHistory(id)).toEqual(['running', 'finished', 'idle', 'running', 'finished']);
  });

  it('max_iterations ends a model that never finishes with MaxIterationsReached', async () => {
    let counter = 0;
    harness = await createServiceHarness({
      script: { turns: Array.from({ length: 10 }, () => terminal(`step ${counter++}`)) },
    });
    const id = await harness.create({ max_iterations: 3 });
    await harness.say(id, 'loop forever');
    expect(await harness.settled(id)).toBe('error');
    expect(harness.llm.calls).toHaveLength(3);
    expect(((await harness.kinds(id, 'ConversationErrorEvent'))[0] as ConversationErrorEvent).code).toBe(
      'MaxIterationsReached',
    );
  });

  it('pausing twice while idle records exactly one PauseEvent', async () => {
    harness = await createServiceHarness();
    const id = await harness.create();
    await harness.service.pause(id);
    await harness.service.pause(id);
    expect(await harness.kinds(id, 'PauseEvent')).toHaveLength(1);
    expect(await harness.status(id)).toBe('paused');
  });

  it('pause during a run is paused at once, once, and the step in flight still completes', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ ...terminal('a'), delay_ms: 50 }, terminal('b'), { text: 'end' }] },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await harness.service.pause(id);
    await harness.service.pause(id);
    expect(await harness.status(id)).toBe('paused');
    expect(await harness.kinds(id, 'PauseEvent')).toHaveLength(1);
    await harness.until(async () => (await harness.kinds(id, 'ObservationEvent')).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await harness.status(id)).toBe('paused');
    expect(harness.llm.calls).toHaveLength(1);
    expect(await harness.kinds(id, 'PauseEvent')).toHaveLength(1);
  });

  it('interrupt during a model call that never answers leaves status paused', async () => {
    harness = await createServiceHarness({ script: { turns: [{ fail: 'hang' }] } });
    const id = await harness.create();
    await harness.say(id, 'go');
    await harness.until(async () => harness.llm.calls.length === 1);
    await harness.service.interrupt(id);
    expect(await harness.status(id)).toBe('paused');
    expect(await harness.kinds(id, 'InterruptEvent')).toHaveLength(1);
  });

  it('interrupt stops a running tool and answers every pending action as interrupted', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [
          {
            tool_calls: [
              { id: 'c1', name: 'terminal', arguments: { command: 'sleep' } },
              { id: 'c2', name: 'terminal', arguments: { command: 'ls' } },
            ],
          },
        ],
      },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    await new Promise((resolve) => setTimeout(resolve, 30));
    await harness.service.interrupt(id);
    expect(await harness.status(id)).toBe('paused');
    const errors = (await harness.kinds(id, 'AgentErrorEvent')) as AgentErrorEvent[];
    expect(errors.map((error) => error.tool_call_id)).toEqual(['c2']);
    expect(errors[0]?.error).toMatch(/interrupted/i);
    expect((await harness.service.get(id)).pending_action_ids).toEqual([]);
    expect(
      harness.executed().map((action) => (action.kind === 'TerminalAction' ? action.command : '')),
    ).toEqual(['sleep']);
  });

  it('interrupt while waiting for confirmation answers the pending actions', async () => {
    harness = await createServiceHarness({
      script: { turns: [terminal('ls')] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    await harness.settled(id);
    await harness.service.interrupt(id);
    expect(((await harness.kinds(id, 'AgentErrorEvent'))[0] as AgentErrorEvent).error).toMatch(
      /interrupted/i,
    );
    expect(await harness.kinds(id, 'InterruptEvent')).toHaveLength(1);
    expect(await harness.status(id)).toBe('paused');
  });

  it('four identical failing calls: one nudge after the third error, stuck after the fourth', async () => {
    harness = await createServiceHarness({ script: { turns: [], fallback: terminal('fail build') } });
    const id = await harness.create();
    await harness.say(id, 'build it');
    expect(await harness.settled(id)).toBe('stuck');
    const nudges = ((await harness.kinds(id, 'MessageEvent')) as MessageEvent[]).filter(
      (message) => message.source === 'environment',
    );
    expect(nudges).toHaveLength(1);
    expect(JSON.stringify(nudges[0]?.llm_message.content)).toMatch(/same arguments 3 times.*same error/);
    expect(await harness.kinds(id, 'ObservationEvent')).toHaveLength(4);
    const events = await harness.events(id);
    const nudgeIndex = events.findIndex((event) => event.id === nudges[0]?.id);
    expect(events.slice(0, nudgeIndex).filter((event) => event.kind === 'ObservationEvent')).toHaveLength(3);
  });

  it('four identical action/observation pairs are stuck; a new user message clears it', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [
          terminal('ls'),
          terminal('ls'),
          terminal('ls'),
          terminal('ls'),
          { text: 'Changed approach.' },
        ],
      },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    expect(await harness.settled(id)).toBe('stuck');
    expect(harness.llm.calls).toHaveLength(4);
    await harness.say(id, 'try something else');
    expect(await harness.settled(id)).toBe('finished');
  });

  it('four different commands are not stuck', async () => {
    harness = await createServiceHarness({
      script: { turns: [terminal('a'), terminal('b'), terminal('c'), terminal('d'), { text: 'done' }] },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    expect(await harness.settled(id)).toBe('finished');
  });

  it('three agent messages in a row without a tool call are stuck', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ text: '' }, { text: '' }, { text: '' }, { text: 'never' }] },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    expect(await harness.settled(id)).toBe('stuck');
    expect(harness.llm.calls).toHaveLength(3);
  });

  it('a second run while one is going is refused with conversation_already_running', async () => {
    harness = await createServiceHarness({ script: { turns: [{ text: 'slow', delay_ms: 100 }] } });
    const id = await harness.create();
    await harness.say(id, 'go');
    await expect(harness.service.run(id)).rejects.toThrow(
      expect.objectContaining({ code: 'conversation_already_running' }),
    );
    await harness.settled(id);
  });

  it('a message sent mid-run is read by the next step of the running loop', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ ...terminal('a'), delay_ms: 40 }, { text: 'ok' }] },
    });
    const id = await harness.create();
    await harness.say(id, 'first');
    await harness.say(id, 'also this', true);
    expect(await harness.settled(id)).toBe('finished');
    expect(harness.llm.calls).toHaveLength(2);
    expect(JSON.stringify(harness.llm.calls[1]?.messages)).toContain('also this');
  });

  it('a message that arrives as the model finishes still gets an answer', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ text: 'first answer', delay_ms: 40 }, { text: 'second answer' }] },
    });
    const id = await harness.create();
    await harness.say(id, 'first');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(harness.llm.calls).toHaveLength(1);
    await harness.say(id, 'second');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await harness.settled(id)).toBe('finished');
    expect(harness.llm.calls).toHaveLength(2);
  });

  it('LLM failures that need a person end the run with a ConversationErrorEvent saying what to fix', async () => {
    harness = await createServiceHarness({ script: { turns: [{ fail: 'auth' }] } });
    const id = await harness.create();
    await harness.say(id, 'go');
    expect(await harness.settled(id)).toBe('error');
    const error = (await harness.kinds(id, 'ConversationErrorEvent'))[0] as ConversationErrorEvent;
    expect(error.code).toBe('LLMAuthError');
    expect(error.detail).toMatch(/API key/);
  });

  it('without a configured model, creating and messaging work and a run records llm_not_configured', async () => {
    harness = await createServiceHarness({ llm: null });
    const id = await harness.create();
    await harness.say(id, 'hello');
    expect(await harness.status(id)).toBe('error');
    expect(((await harness.kinds(id, 'ConversationErrorEvent'))[0] as ConversationErrorEvent).code).toBe(
      'LLMNotConfigured',
    );
    expect(harness.llm.calls).toHaveLength(0);
  });

  it('streams deltas as an item whose id is the llm_response_id of the events that complete it', async () => {
    harness = await createServiceHarness({ script: { turns: [{ text: 'Hello world', chunk_size: 5 }] } });
    const id = await harness.create();
    const frames: string[] = [];
    let itemId = '';
    let streamed = '';
    const subscription = await harness.service.subscribe(id, (frame) => {
      if (frame.type === 'item_started') itemId = frame.item_id;
      if (frame.type === 'delta') streamed += frame.content;
      if (frame.type !== 'durable') frames.push(frame.type);
    });
    await harness.say(id, 'hi');
    await harness.settled(id);
    subscription.unsubscribe();
    // Deltas may be coalesced: a word that could be the start of a secret waits for the next chunk.
    expect(frames[0]).toBe('item_started');
    expect(frames.slice(1).every((type) => type === 'delta')).toBe(true);
    expect(streamed).toBe('Hello world');
    const reply = ((await harness.kinds(id, 'MessageEvent')) as MessageEvent[]).find(
      (message) => message.source === 'agent',
    );
    expect(reply?.llm_response_id).toBe(itemId);
  });

  it('a retried model call says so: item_retrying names the new item, the attempt, the wait and why', async () => {
    harness = await createServiceHarness({ script: { turns: [{ fail: 'server_error' }, { text: 'ok' }] } });
    const id = await harness.create();
    const frames: unknown[] = [];
    const subscription = await harness.service.subscribe(id, (frame) => {
      if (frame.type !== 'durable' && frame.type !== 'delta') frames.push(frame);
    });
    await harness.say(id, 'hi');
    await harness.settled(id);
    subscription.unsubscribe();
    const [first, aborted, second, retrying] = frames as { type: string; item_id: string }[];
    expect([first?.type, aborted?.type, second?.type]).toEqual([
      'item_started',
      'item_aborted',
      'item_started',
    ]);
    expect(retrying).toMatchObject({
      type: 'item_retrying',
      item_id: second?.item_id,
      attempt: 2,
      delay_ms: 0,
      code: 'server',
    });
    expect(retrying).toHaveProperty('reason', expect.any(String));
  });

  it('token usage accumulates into stats and a stats state update', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [
          { ...terminal('a'), usage: { prompt_tokens: 10, completion_tokens: 2 } },
          { text: 'ok', usage: { prompt_tokens: 15, completion_tokens: 3 } },
        ],
      },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    await harness.settled(id);
    expect((await harness.service.get(id)).stats).toMatchObject({
      prompt_tokens: 25,
      completion_tokens: 5,
      cost: 0,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
    });
    const statsEvents = (await harness.events(id)).filter(
      (event) => event.kind === 'ConversationStateUpdateEvent' && event.key === 'stats',
    );
    expect(statsEvents).toHaveLength(2);
  });
});
