import { afterAll, beforeAll } from 'vitest';
import { type MockLLM, type MockLLMOptions, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import { startTestWorkbench, type TestWorkbench } from './start-test-workbench';

/*
 * The real launcher and runtime with the mock LLM behind an OpenAI-compatible model, called through
 * REST as a browser or an upstream client calls it. `workbench` and `mockLlm` are live bindings, set
 * once the calling file's beforeAll has run.
 */
export let workbench: TestWorkbench;
export let mockLlm: MockLLM;

/** Registers, in the calling test file, the mock model and launcher's start before its tests and stop after. */
export function registerRestWorkbench(options: { model: string; mock?: MockLLMOptions }): void {
  beforeAll(async () => {
    mockLlm = await startMockLLM(options.mock);
    workbench = await startTestWorkbench({
      env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: mockLlm.url, LLM_MODEL: options.model },
    });
  }, 60_000);
  afterAll(async () => {
    await workbench?.cleanup();
    await mockLlm?.close();
  });
}

/** One REST call with the session key; the answer's status and its JSON body (undefined when empty). */
export async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${workbench.url}${path}`, {
    method,
    headers: {
      'X-Session-API-Key': workbench.sessionKey,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}
