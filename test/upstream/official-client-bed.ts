import { Agent, ConversationManager, HttpError } from '@openhands/typescript-client';
import { afterAll, beforeAll } from 'vitest';
import { startUpstreamWorkbench, UPSTREAM_LLM_KEY, type UpstreamWorkbench } from './upstream-workbench';

/*
 * What the official client's conformance suites share: the real launcher with the mock model, a
 * ConversationManager on it, and the calls every suite makes. `bench` and `manager` are live
 * bindings, set once the file's beforeAll has run.
 */

export type AnyEvent = Record<string, unknown> & { id: string; kind: string; timestamp: string };

export let bench: UpstreamWorkbench;
export let manager: ConversationManager;

/** Registers, in the calling test file, the launcher's start before its tests and its stop after. */
export function registerOfficialClientBed(): void {
  beforeAll(async () => {
    bench = await startUpstreamWorkbench();
    manager = new ConversationManager({ host: bench.host, apiKey: bench.sessionKey });
  }, 60_000);
  afterAll(async () => {
    manager?.close();
    await bench?.close();
  });
}

export function agent(model = 'openai/mock-model', apiKey = UPSTREAM_LLM_KEY) {
  return new Agent({
    llm: { model, base_url: bench.mockLlm.url, api_key: apiKey },
    tools: [{ name: 'terminal' }, { name: 'file_editor' }],
  });
}

export async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the call to fail with an HttpError');
}
