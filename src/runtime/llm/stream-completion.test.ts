import { describe, expect, it } from 'vitest';
import type { LLMDelta } from './llm';
import type { ModelStreamPart, ProviderModel } from './model-types';
import { streamCompletion } from './stream-completion';

/**
 * The fold of provider stream parts, for shapes the mock server does not produce (several reasoning
 * blocks in one reply). The parts are the AI SDK's provider-level stream, exactly as its providers emit
 * them; the HTTP side is covered against the mock in reasoning-requests.test.ts.
 */
function modelStreaming(parts: ModelStreamPart[]): ProviderModel {
  return {
    doStream: async () => ({
      stream: new ReadableStream<ModelStreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    }),
  } as unknown as ProviderModel;
}

const finish: ModelStreamPart = {
  type: 'finish',
  finishReason: { unified: 'stop', raw: 'end_turn' },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  },
};
const signed = (id: string, signature: string): ModelStreamPart => ({
  type: 'reasoning-delta',
  id,
  delta: '',
  providerMetadata: { anthropic: { signature } },
});
const thinking = (id: string, delta: string): ModelStreamPart => ({ type: 'reasoning-delta', id, delta });

async function fold(parts: ModelStreamPart[]) {
  const deltas: LLMDelta[] = [];
  const result = await streamCompletion(
    modelStreaming([...parts, finish]),
    { prompt: [] },
    (delta) => deltas.push(delta),
    () => undefined,
  );
  return { result, deltas };
}

describe('streamCompletion reasoning', () => {
  it('keeps the signature of a single thinking block', async () => {
    const { result } = await fold([
      { type: 'reasoning-start', id: '0' },
      thinking('0', 'Let me '),
      thinking('0', 'think.'),
      signed('0', 'sig-0'),
      { type: 'reasoning-end', id: '0' },
    ]);
    expect(result).toMatchObject({ reasoning: 'Let me think.', reasoning_signature: 'sig-0' });
  });

  it('separates reasoning blocks as paragraphs, in the result and the deltas alike', async () => {
    const { result, deltas } = await fold([
      { type: 'reasoning-start', id: 'rs_1:0' },
      thinking('rs_1:0', 'First part.'),
      { type: 'reasoning-end', id: 'rs_1:0' },
      { type: 'reasoning-start', id: 'rs_1:1' },
      thinking('rs_1:1', 'Second part.'),
      { type: 'reasoning-end', id: 'rs_1:1' },
    ]);
    expect(result.reasoning).toBe('First part.\n\nSecond part.');
    expect(deltas.map((delta) => delta.content).join('')).toBe(result.reasoning);
  });

  it('drops the signature when several blocks were joined (it covers only its own block)', async () => {
    const { result } = await fold([
      { type: 'reasoning-start', id: '0' },
      thinking('0', 'One.'),
      signed('0', 'sig-0'),
      { type: 'reasoning-end', id: '0' },
      { type: 'reasoning-start', id: '2', providerMetadata: { anthropic: { redactedData: 'opaque' } } },
      { type: 'reasoning-end', id: '2' },
    ]);
    expect(result.reasoning).toBe('One.');
    expect(result).not.toHaveProperty('reasoning_signature');
  });
});
