import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import { createAiSdkLLM } from './create-ai-sdk-llm';
import { testConnection } from './test-connection';

let mock: MockLLM;
beforeEach(async () => {
  mock = await startMockLLM();
});
afterEach(async () => {
  await mock.close();
});

describe('testConnection', () => {
  it('makes one small real call and reports ok with the model and latency', async () => {
    mock.setScript({ turns: [{ text: 'OK', delay_ms: 30 }] });
    const llm = createAiSdkLLM({ provider: 'openai-compatible', model: 'local-7b', base_url: mock.url });
    const result = await testConnection(llm);
    expect(result).toMatchObject({ ok: true, model: 'local-7b' });
    expect(result.ok && result.latency_ms).toBeGreaterThanOrEqual(25);
    expect(mock.requests()).toHaveLength(1);
    expect(mock.requests()[0]?.body).toMatchObject({ max_tokens: 16 });
  });

  it('reports the mapped error in plain words instead of throwing', async () => {
    mock.setScript({ turns: [{ fail: 'auth' }] });
    const llm = createAiSdkLLM({
      provider: 'openai-compatible',
      model: 'm',
      base_url: mock.url,
      api_key: 'sk-bad-key-12345678',
    });
    expect(await testConnection(llm)).toEqual({
      ok: false,
      code: 'auth',
      detail: 'The model endpoint rejected the API key (401). Check the key in Settings.',
    });
  });
});
