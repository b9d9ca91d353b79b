import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event as ClientEvent } from '../../client/api-types';
import { createSessionSocket, type WebSocketConstructor } from '../../client/session-socket';
import { createScriptedLLM } from '../../runtime/llm/scripted-llm';
import { createConversation, waitForStatus } from '../testing/api-helpers';
import { createTestServer, TEST_SESSION_KEY, type TestServer } from '../testing/create-test-server';

/**
 * The property: a client whose connection is cut at random moments while a scripted agent
 * runs ends with exactly the server's log, in order, with no gap and no duplicate.
 */
let server: TestServer;
let baseUrl: string;

beforeAll(async () => {
  server = await createTestServer({
    createLLM: () =>
      createScriptedLLM({
        turns: Array.from({ length: 12 }, (_, index) => ({
          text: `working on step ${index}`,
          chunk_size: 6,
          chunk_delay_ms: 3,
          tool_calls: [{ name: 'think', arguments: { thought: `step ${index}` } }],
        })),
        fallback: { text: 'Finished.' },
      }),
  });
  baseUrl = await server.listen();
});
afterAll(async () => server.close());

/** ws instances the client creates, so the test can cut them. */
const clientSockets: WebSocket[] = [];
class TrackedWebSocket extends WebSocket {
  constructor(url: string) {
    super(url);
    clientSockets.push(this);
  }
}

function cutOne(side: 'client' | 'server'): void {
  if (side === 'client') {
    clientSockets.at(-1)?.terminate();
    return;
  }
  const serverSockets = [...server.app.websocketServer.clients];
  serverSockets.at(-1)?.terminate();
}

describe('createSessionSocket against a real runtime', () => {
  it('ends with exactly the server log however the connection is cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({ afterMs: fc.integer({ min: 0, max: 60 }), side: fc.constantFrom('client', 'server') }),
          {
            maxLength: 6,
          },
        ),
        async (cuts) => {
          const info = await createConversation(server, { confirmation_policy: { kind: 'NeverConfirm' } });
          const delivered: ClientEvent[] = [];
          const client = createSessionSocket({
            baseUrl,
            conversationId: info.id,
            sessionKey: TEST_SESSION_KEY,
            WebSocket: TrackedWebSocket as unknown as WebSocketConstructor,
            backoff: { initialMs: 5, maxMs: 40 },
            onEvent: (event) => delivered.push(event),
          });
          await server.service.sendMessage(info.id, {
            role: 'user',
            content: [{ type: 'text', text: 'go' }],
            run: true,
          });
          for (const cut of cuts) {
            await new Promise((resolve) => setTimeout(resolve, cut.afterMs));
            cutOne(cut.side);
          }
          const done = await waitForStatus(server, info.id, ['finished'], 15_000);
          const deadline = Date.now() + 10_000;
          while (client.cursor() < done.last_seq && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          client.close();
          expect(delivered).toEqual(await server.store.readEvents(info.id));
        },
      ),
      { numRuns: 25 },
    );
  });
});
