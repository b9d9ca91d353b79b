import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createWorkspaceTestServer, type WorkspaceTestServer } from '../testing/create-workspace-test-server';
import { parseBashEventsQuery } from './bash-events-query';

const KEY = 'bash-query-session-key-0123456789abcdef';
let server: WorkspaceTestServer;
let base: string;

beforeAll(async () => {
  server = await createWorkspaceTestServer({ prefix: 'awb-bash-query-', sessionKey: KEY });
  base = await server.listen();
});
afterAll(() => server.close());

function closeOf(query: string): Promise<{ code: number; reason: string }> {
  const socket = new WebSocket(`ws://${base}/sockets/bash-events?session_api_key=${KEY}&${query}`);
  return new Promise((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    socket.on('error', () => {
      // The close event carries the code.
    });
  });
}

describe('the bash events socket query', () => {
  it('closes 4422 for a bad resend_mode or resend_all, as the conversation sockets do', async () => {
    expect(await closeOf('resend_mode=bad')).toEqual({ code: 4422, reason: 'resend_mode must be "all"' });
    expect(await closeOf('resend_all=maybe')).toEqual({ code: 4422, reason: 'resend_all must be a boolean' });
  });

  it('reads resend_mode=all and the old resend_all flag', () => {
    expect(parseBashEventsQuery({ resend_mode: 'all' })).toEqual({ ok: true, resendAll: true });
    expect(parseBashEventsQuery({ resend_all: 'true' })).toEqual({ ok: true, resendAll: true });
    expect(parseBashEventsQuery({})).toEqual({ ok: true, resendAll: false });
  });
});
