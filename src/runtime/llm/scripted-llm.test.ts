import { describe, expect, it, vi } from 'vitest';
import { type ChatMessage, LLMError, type LLMDelta, type LLMRequest } from './llm';
import { createScriptedLLM } from './scripted-llm';

const request = (extra: Partial<LLMRequest> = {}): LLMRequest => ({
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [],
  ...extra,
});

describe('createScriptedLLM', () => {
  it('answers turns in order, then the fallback', async () => {
    const llm = createScriptedLLM({
      turns: [
        { text: 'one' },
        { tool_calls: [{ id: 'c1', name: 'terminal', arguments: { command: 'ls' } }] },
      ],
    });
    expect((await llm.complete(request())).text).toBe('one');
    const second = await llm.complete(request());
    expect(second.tool_calls).toEqual([{ id: 'c1', name: 'terminal', arguments: '{"command":"ls"}' }]);
    expect((await llm.complete(request())).text).toBe('Done.');
    expect(llm.calls).toHaveLength(3);
  });

  it('keeps no copy of the requests when told not to (a benchmark), and answers the same', async () => {
    const llm = createScriptedLLM({ turns: [{ text: 'one' }] }, { recordCalls: false });
    expect((await llm.complete(request())).text).toBe('one');
    expect(llm.calls).toHaveLength(0);
  });

  it('sends string arguments as they are, so malformed JSON can be scripted', async () => {
    const llm = createScriptedLLM({
      turns: [{ tool_calls: [{ name: 'terminal', arguments: '{"command": ' }] }],
    });
    expect((await llm.complete(request())).tool_calls[0]?.arguments).toBe('{"command": ');
  });

  it('streams text and reasoning as deltas in chunks', async () => {
    const llm = createScriptedLLM({ turns: [{ reasoning: 'hmm', text: 'abcdef', chunk_size: 4 }] });
    const deltas: LLMDelta[] = [];
    await llm.complete(request({ onDelta: (delta) => deltas.push(delta) }));
    expect(deltas).toEqual([
      { kind: 'reasoning', content: 'hmm' },
      { kind: 'text', content: 'abcd' },
      { kind: 'text', content: 'ef' },
    ]);
  });

  it('retries retryable failures on the next turn after onRetry', async () => {
    const llm = createScriptedLLM({
      turns: [{ fail: 'server_error' }, { fail: 'drop_stream', partial_text: 'par' }, { text: 'ok' }],
    });
    const retries: string[] = [];
    const response = await llm.complete(request({ onRetry: (error) => retries.push(error.code) }));
    expect(response.text).toBe('ok');
    expect(retries).toEqual(['server', 'network']);
  });

  it('rejects with LLMError for failures that need a person', async () => {
    const llm = createScriptedLLM({ turns: [{ fail: 'auth' }] });
    await expect(llm.complete(request())).rejects.toMatchObject({
      name: 'LLMError',
      code: 'auth',
      status: 401,
    });
  });

  it('gives up after the retry budget', async () => {
    const llm = createScriptedLLM(
      { turns: [{ fail: 'rate_limit' }, { fail: 'rate_limit' }], fallback: { fail: 'rate_limit' } },
      { maxRetries: 1 },
    );
    await expect(llm.complete(request())).rejects.toBeInstanceOf(LLMError);
  });

  it('a hang lasts until the signal aborts', async () => {
    const llm = createScriptedLLM({ turns: [{ fail: 'hang' }] });
    const controller = new AbortController();
    const pending = llm.complete(request({ signal: controller.signal }));
    // The call is under way (it records its messages first); the abort then ends the hang.
    await vi.waitFor(() => expect(llm.calls).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });

  it('a delay is cut short by the abort signal', async () => {
    // Ten minutes: a rejection before the test's own timeout can only come from the abort.
    const llm = createScriptedLLM({ turns: [{ text: 'late', delay_ms: 600_000 }] });
    const controller = new AbortController();
    const pending = llm.complete(request({ signal: controller.signal }));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });

  it('records a copy of the messages at call time', async () => {
    const llm = createScriptedLLM({ turns: [] });
    const messages: ChatMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }];
    await llm.complete(request({ messages }));
    messages.push({ role: 'system', content: 'later' });
    expect(llm.calls[0]?.messages).toHaveLength(1);
  });
});
