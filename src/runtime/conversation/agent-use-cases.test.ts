import { afterEach, describe, expect, it } from 'vitest';
import type { Condensation } from '../events';
import { createServiceHarness, type ServiceHarness } from './testing/create-service-harness';
import type { RuntimeError } from '../errors/runtime-error';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';
const terminal = (command: string) => ({ tool_calls: [{ name: 'terminal', arguments: { command } }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const code = (value: string) => expect.objectContaining({ code: value }) as RuntimeError;

describe('agent final response', () => {
  it('is the latest finish message or agent text on the active branch, "" before any', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [
          { tool_calls: [{ name: 'finish', arguments: { message: 'Finished: 3 files.' } }] },
          { text: 'Plain ', chunk_size: 2 },
        ],
      },
    });
    const id = await harness.create();
    expect(await harness.service.agentFinalResponse(id)).toBe('');
    await harness.say(id, 'one');
    await harness.settled(id);
    expect(await harness.service.agentFinalResponse(id)).toBe('Finished: 3 files.');
    await harness.say(id, 'two');
    await harness.settled(id);
    expect(await harness.service.agentFinalResponse(id)).toBe('Plain ');
    // Back on the first branch, the answer of that branch.
    const finish = (await harness.kinds(id, 'ObservationEvent'))[0];
    await harness.service.navigate(id, finish?.id ?? null);
    expect(await harness.service.agentFinalResponse(id)).toBe('Finished: 3 files.');
    await expect(harness.service.agentFinalResponse(UNKNOWN)).rejects.toThrow(code('conversation_not_found'));
  });
});

describe('ask agent', () => {
  it('answers from the current context with one call, records nothing and changes no status', async () => {
    harness = await createServiceHarness({
      script: { turns: [terminal('ls'), { text: 'listed' }, { text: 'You listed the folder.' }] },
    });
    const id = await harness.create();
    await harness.say(id, 'list the folder');
    expect(await harness.settled(id)).toBe('finished');
    const before = await harness.events(id);
    const answer = await harness.service.askAgent(id, 'What did you do?');
    expect(answer).toBe('You listed the folder.');
    expect(await harness.events(id)).toEqual(before);
    expect(await harness.status(id)).toBe('finished');
    const sent = harness.llm.calls[2];
    const stepCall = harness.llm.calls[1];
    // The same projection a step sends (the last step's context plus its reply), then the question.
    expect(sent?.messages.slice(0, -1)).toEqual([
      ...(stepCall?.messages ?? []),
      { role: 'assistant', content: 'listed', tool_calls: [] },
    ]);
    expect(JSON.stringify(sent?.messages.at(-1))).toContain('What did you do?');
    expect(sent?.tools.map((tool) => tool.name)).toEqual(stepCall?.tools.map((tool) => tool.name));
  });

  it('works while a run is in flight, without touching the run', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ text: 'slow answer', delay_ms: 150 }, { text: 'side answer' }] },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    await sleep(10);
    expect(await harness.service.askAgent(id, 'status?')).toBe('side answer');
    expect(await harness.status(id)).toBe('running');
    expect(await harness.settled(id)).toBe('finished');
    expect(await harness.service.agentFinalResponse(id)).toBe('slow answer');
  });

  it('masks secrets in the answer and in the question', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ text: 'the token is tok-0123456789abcdef' }] },
    });
    const id = await harness.create();
    await harness.service.setSecrets(id, { DEPLOY_TOKEN: 'tok-0123456789abcdef' });
    const answer = await harness.service.askAgent(id, 'is tok-0123456789abcdef right?');
    expect(answer).not.toContain('tok-0123456789abcdef');
    expect(answer).toContain('‹secret:DEPLOY_TOKEN›');
    expect(JSON.stringify(harness.llm.calls[0]?.messages)).not.toContain('tok-0123456789abcdef');
  });

  it('llm_not_configured without a model; llm_call_failed in plain words without the key', async () => {
    harness = await createServiceHarness({ llm: null });
    const id = await harness.create();
    await expect(harness.service.askAgent(id, 'hi?')).rejects.toThrow(code('llm_not_configured'));
    await harness.close();

    harness = await createServiceHarness({
      script: { turns: [{ fail: 'auth' }] },
      llm: { provider: 'openai', model: 'gpt-x', api_key: 'sk-test-0123456789abcdefghij' },
    });
    const failing = await harness.create();
    const error = await harness.service.askAgent(failing, 'hi?').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'llm_call_failed' });
    expect(String((error as Error).message)).toMatch(/^The model could not answer: \S/);
    expect(String((error as Error).message)).not.toContain('sk-test-0123456789abcdefghij');
    expect((await harness.events(failing)).some((event) => event.kind === 'ConversationErrorEvent')).toBe(
      false,
    );
    await expect(harness.service.askAgent(UNKNOWN, 'hi?')).rejects.toThrow(code('conversation_not_found'));
  });
});

describe('condense on demand', () => {
  it('appends the request and the Condensation now, and the next model call sees the summary instead', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [
          terminal('a'),
          terminal('b'),
          { text: 'done' },
          { text: 'SUMMARY: ran a and b.' },
          { text: 'ok' },
        ],
      },
      service: { condenser: { maxEvents: 100, keepFirst: 2 } },
    });
    const id = await harness.create();
    await harness.say(id, 'run two commands');
    expect(await harness.settled(id)).toBe('finished');
    const forgettable = (await harness.kinds(id, 'ActionEvent')).map((event) => event.id);
    await harness.service.condense(id);
    const [condensation] = (await harness.kinds(id, 'Condensation')) as Condensation[];
    expect(condensation).toMatchObject({
      summary: expect.stringContaining('SUMMARY: ran a and b.'),
      summary_offset: 2,
    });
    expect(condensation?.forgotten_event_ids).toEqual(expect.arrayContaining(forgettable));
    const kinds = (await harness.events(id)).map((event) => event.kind);
    expect(kinds.slice(-2)).toEqual(['CondensationRequest', 'Condensation']);
    expect(harness.llm.calls[3]?.tools).toEqual([]);
    expect(await harness.status(id)).toBe('finished');

    await harness.say(id, 'and now?');
    expect(await harness.settled(id)).toBe('finished');
    const next = JSON.stringify(harness.llm.calls[4]?.messages);
    expect(next).toContain('SUMMARY: ran a and b.');
    const commandA = '\\"command\\":\\"a\\"';
    expect(JSON.stringify(harness.llm.calls[2]?.messages)).toContain(commandA);
    expect(next).not.toContain(commandA);
    expect(harness.llm.calls[4]?.messages.some((message) => message.role === 'tool')).toBe(false);
  });

  it('with too little history forgets nothing and records nothing', async () => {
    harness = await createServiceHarness({ service: { condenser: { maxEvents: 100, keepFirst: 2 } } });
    const id = await harness.create();
    await harness.say(id, 'hi', false);
    const before = (await harness.events(id)).length;
    await harness.service.condense(id);
    expect(await harness.events(id)).toHaveLength(before);
    expect(harness.llm.calls).toHaveLength(0);
  });

  it('while a run goes, records the request and the run condenses before its next model call', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [{ ...terminal('a'), delay_ms: 80 }, { text: 'SUMMARY: a ran.' }, { text: 'finished' }],
      },
      service: { condenser: { maxEvents: 100, keepFirst: 2 } },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    await sleep(10);
    await harness.service.condense(id);
    expect(await harness.kinds(id, 'CondensationRequest')).toHaveLength(1);
    expect(await harness.settled(id)).toBe('finished');
    expect(await harness.kinds(id, 'Condensation')).toHaveLength(1);
    expect(harness.llm.calls[1]?.tools).toEqual([]);
    expect(JSON.stringify(harness.llm.calls[2]?.messages)).toContain('SUMMARY: a ran.');
  });

  it('while actions wait for an answer, runs nothing: the request waits for the next run', async () => {
    harness = await createServiceHarness({
      script: { turns: [terminal('a'), { text: 'SUMMARY: a.' }, { text: 'done' }] },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
      service: { condenser: { maxEvents: 100, keepFirst: 1 } },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    expect(await harness.settled(id)).toBe('waiting_for_confirmation');
    await harness.service.condense(id);
    expect(await harness.kinds(id, 'CondensationRequest')).toHaveLength(1);
    expect(await harness.kinds(id, 'Condensation')).toHaveLength(0);
    expect(harness.executed()).toEqual([]);
    expect(harness.llm.calls).toHaveLength(1);
    expect(await harness.status(id)).toBe('waiting_for_confirmation');
    await harness.service.respondToConfirmation(id, { accept: true });
    expect(await harness.settled(id)).toBe('finished');
    expect(harness.executed()).toHaveLength(1);
    expect(await harness.kinds(id, 'Condensation')).toHaveLength(1);
    expect(JSON.stringify(harness.llm.calls[2]?.messages)).toContain('SUMMARY: a.');
  });

  it('a message with run:true during the summary call is answered after it', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [{ text: 'one' }, { text: 'SUMMARY: one.', delay_ms: 60 }, { text: 'two' }],
      },
      service: { condenser: { maxEvents: 100, keepFirst: 1 } },
    });
    const id = await harness.create();
    await harness.say(id, 'first');
    expect(await harness.settled(id)).toBe('finished');
    const condensing = harness.service.condense(id);
    await sleep(10);
    await expect(harness.service.run(id)).rejects.toThrow(code('conversation_already_running'));
    await harness.say(id, 'second');
    await condensing;
    await harness.until(async () => (await harness.service.agentFinalResponse(id)) === 'two');
    expect(await harness.status(id)).toBe('finished');
    expect(JSON.stringify(harness.llm.calls[2]?.messages)).toContain('SUMMARY: one.');
    expect(JSON.stringify(harness.llm.calls[2]?.messages)).toContain('second');
  });

  it('a failed summary records nothing and is llm_call_failed', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ text: 'one' }, { fail: 'bad_request' }] },
      service: { condenser: { maxEvents: 100, keepFirst: 1 } },
    });
    const id = await harness.create();
    await harness.say(id, 'hi');
    await harness.settled(id);
    const before = (await harness.events(id)).length;
    await expect(harness.service.condense(id)).rejects.toThrow(code('llm_call_failed'));
    expect(await harness.events(id)).toHaveLength(before);
    expect(await harness.status(id)).toBe('finished');
  });
});
