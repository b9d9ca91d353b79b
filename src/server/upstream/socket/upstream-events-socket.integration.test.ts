import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestWorkbench, type TestWorkbench } from '../../../cli/testing/start-test-workbench';

let workbench: TestWorkbench | undefined;
afterEach(async () => {
  await workbench?.cleanup();
  workbench = undefined;
});

describe('upstream event socket through the ingress', () => {
  it('serves the official client URL (key in the query) and keeps the key out of runtime.log', async () => {
    workbench = await startTestWorkbench({ env: { AGENT_WORKBENCH_LOG_LEVEL: 'info' } });
    const created = await fetch(`${workbench.url}/api/conversations`, {
      method: 'POST',
      headers: { 'X-Session-API-Key': workbench.sessionKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    // The URL the official WebSocketCallbackClient builds.
    const socket = new WebSocket(
      `${workbench.url.replace(/^http/, 'ws')}/sockets/events/${id}?session_api_key=${workbench.sessionKey}&resend_mode=all`,
    );
    const first = await new Promise<Record<string, unknown>>((resolve, reject) => {
      socket.once('message', (data) => resolve(JSON.parse(String(data))));
      socket.once('close', (code) => reject(new Error(`closed ${code}`)));
      socket.once('error', reject);
    });
    expect(first).toMatchObject({ kind: 'ConversationStateUpdateEvent', key: 'full_state', value: { id } });
    socket.close();

    await workbench.stop();
    const log = await readFile(join(workbench.dataDir, 'runtime.log'), 'utf8');
    expect(log).toContain('/sockets/events/');
    expect(log).not.toContain(workbench.sessionKey);
  });
});
