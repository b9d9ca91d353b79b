import { afterEach } from 'vitest';
import type { LLMScript } from '../../runtime/llm/llm-script';
import { createTestServer, type TestServer } from './create-test-server';

/**
 * For a test file whose tests each start their own server: returns `start(script?, env?)` and closes
 * the server it made after each test. Call it at the top level of the file.
 */
export function serverPerTest(): (script?: LLMScript, env?: NodeJS.ProcessEnv) => Promise<TestServer> {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return async (script, env) => {
    server = await createTestServer({ ...(script ? { script } : {}), ...(env ? { env } : {}) });
    return server;
  };
}
