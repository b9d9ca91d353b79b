import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { LLMError } from '../../runtime/llm/llm';
import { createLazyAiSdkLLM } from './lazy-ai-sdk-llm';

describe('createLazyAiSdkLLM', () => {
  it('names its provider and model before anything is loaded', () => {
    const llm = createLazyAiSdkLLM({ provider: 'openai', model: 'gpt-test' });
    expect([llm.provider, llm.model]).toEqual(['openai', 'gpt-test']);
  });

  it('answers a call as the AI SDK adapter does: a missing base URL is a not_found LLMError', async () => {
    const llm = createLazyAiSdkLLM({ provider: 'openai-compatible', model: 'local' });
    const failure = await llm.complete({ messages: [], tools: [] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LLMError);
    expect((failure as LLMError).code).toBe('not_found');
  });

  it('calls the configured server over HTTP on the first call (the adapter is loaded then)', async () => {
    const paths: string[] = [];
    const server = createServer((request, response) => {
      paths.push(request.url ?? '');
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'bad key' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const llm = createLazyAiSdkLLM({
        provider: 'openai-compatible',
        model: 'local',
        base_url: `http://127.0.0.1:${port}/v1`,
        api_key: 'wrong',
      });
      const failure = await llm
        .complete({ messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [] })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(LLMError);
      expect(paths).toEqual(['/v1/chat/completions']);
    } finally {
      server.close();
    }
  });
});
