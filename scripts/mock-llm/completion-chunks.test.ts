import { describe, expect, it } from 'vitest';
import { type ReplyIdentity, completionBody, completionChunks, splitText } from './completion-chunks';

const identity: ReplyIdentity = {
  id: 'chatcmpl-1',
  model: 'm',
  created: 1,
  toolCallIdPrefix: 'call_1',
  promptTokens: 10,
};

type Delta = {
  content?: string;
  reasoning_content?: string;
  tool_calls?: { index: number; id?: string; function: { name?: string; arguments: string } }[];
};
const deltas = (chunks: Record<string, unknown>[]) =>
  chunks.flatMap((chunk) => (chunk.choices as { delta: Delta }[]).map((choice) => choice.delta));

describe('completionChunks', () => {
  it('streams reasoning before text, each in chunk_size pieces', () => {
    const chunks = completionChunks({ reasoning: 'abcdef', text: 'uvwxyz', chunk_size: 4 }, identity, false);
    const pieces = deltas(chunks)
      .map((delta) => delta.reasoning_content ?? delta.content)
      .filter(Boolean);
    expect(pieces).toEqual(['abcd', 'ef', 'uvwx', 'yz']);
  });

  it('splits tool-call arguments across chunks after a header carrying id and name', () => {
    const chunks = completionChunks(
      { tool_calls: [{ name: 'terminal', arguments: { command: 'ls' } }], chunk_size: 5 },
      identity,
      false,
    );
    const calls = deltas(chunks).flatMap((delta) => delta.tool_calls ?? []);
    expect(calls[0]).toMatchObject({
      index: 0,
      id: 'call_1_0',
      function: { name: 'terminal', arguments: '' },
    });
    expect(calls.slice(1).map((call) => call.function.arguments)).toEqual(splitText('{"command":"ls"}', 5));
    expect(calls.length).toBeGreaterThan(2);
  });

  it('sends string arguments exactly as scripted, even when they are not JSON', () => {
    const body = completionBody(
      { tool_calls: [{ id: 'x', name: 'think', arguments: '{"thought": "oops' }] },
      identity,
    );
    expect(JSON.stringify(body)).toContain(JSON.stringify('{"thought": "oops'));
  });

  it('gives each of several tool calls its own index', () => {
    const chunks = completionChunks(
      {
        tool_calls: [
          { name: 'a', arguments: {} },
          { name: 'b', arguments: {} },
        ],
      },
      identity,
      false,
    );
    const headers = deltas(chunks)
      .flatMap((delta) => delta.tool_calls ?? [])
      .filter((call) => call.function.name);
    expect(headers.map((call) => [call.index, call.function.name])).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
  });

  it('ends with finish_reason tool_calls or stop, then a usage chunk only when asked', () => {
    const withUsage = completionChunks(
      { text: 'hi', usage: { prompt_tokens: 3, completion_tokens: 4 } },
      identity,
      true,
    );
    expect(withUsage.at(-2)).toMatchObject({ choices: [{ finish_reason: 'stop' }] });
    expect(withUsage.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
    });
    const withoutUsage = completionChunks({ tool_calls: [{ name: 'a', arguments: {} }] }, identity, false);
    expect(withoutUsage.at(-1)).toMatchObject({ choices: [{ finish_reason: 'tool_calls' }] });
    expect(withoutUsage.some((chunk) => 'usage' in chunk)).toBe(false);
  });
});
