import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRule } from '../../runtime/events';
import { allEvents, call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const npmTest = {
  tool: 'terminal',
  matcher: { kind: 'command_prefix', prefix: 'npm test' },
  effect: 'allow',
};

/** A conversation waiting on two file creations. */
async function waitingConversation() {
  server = await createTestServer({
    script: {
      turns: [
        {
          tool_calls: [
            { name: 'file_editor', arguments: { command: 'create', path: 'a.txt', file_text: 'a' } },
            { name: 'file_editor', arguments: { command: 'create', path: 'b.txt', file_text: 'b' } },
          ],
        },
      ],
      fallback: { text: 'All done.' },
    },
  });
  const info = await createConversation(server, {
    confirmation_policy: { kind: 'AlwaysConfirm' },
    initial_message: userMessage('go', { run: true }),
  });
  const waiting = await waitForStatus(server, info.id, ['waiting_for_confirmation']);
  return { app: server, id: info.id, pending: waiting.pending_action_ids as string[] };
}

describe('approval rules through the API', () => {
  it('PATCH /api/settings replaces the global rules, filling ids and times, and persists them', async () => {
    server = await createTestServer();
    const patched = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { approval_rules: [npmTest] },
    });
    expect(patched.status).toBe(200);
    const [saved] = patched.body.approval_rules as ApprovalRule[];
    expect(saved).toMatchObject({ ...npmTest, allow_high_risk: false });
    expect(saved?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(server, { url: '/api/settings' })).body.approval_rules).toEqual([saved]);
    const file = JSON.parse(readFileSync(join(server.dataDir, 'settings.json'), 'utf8'));
    expect(file.approval_rules).toEqual([saved]);
    const bad = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { approval_rules: [{ ...npmTest, matcher: { kind: 'command_prefix', prefix: '' } }] },
    });
    expect(bad.status).toBe(422);
  });

  it('PATCH /api/conversations/{id} replaces the conversation rules, shown in ConversationInfo', async () => {
    server = await createTestServer();
    const info = await createConversation(server);
    expect(info.approval_rules).toEqual([]);
    const url = `/api/conversations/${info.id}`;
    expect(
      (await call(server, { method: 'PATCH', url, payload: { approval_rules: [npmTest] } })).status,
    ).toBe(200);
    const { body } = await call(server, { url });
    expect(body.approval_rules).toEqual([expect.objectContaining(npmTest)]);
    const bad = await call(server, {
      method: 'PATCH',
      url,
      payload: { approval_rules: [{ ...npmTest, effect: 'maybe' }] },
    });
    expect(bad.status).toBe(422);
  });

  it('decisions that are not the pending set answer 409 pending_actions_changed', async () => {
    const { app, id, pending } = await waitingConversation();
    const url = `/api/conversations/${id}/events/respond_to_confirmation`;
    const partial = await call(app, {
      method: 'POST',
      url,
      payload: { accept: true, decisions: [{ action_id: pending[0], accept: true }] },
    });
    expect(partial.status).toBe(409);
    expect(partial.body.code).toBe('pending_actions_changed');
    const badScope = await call(app, {
      method: 'POST',
      url,
      payload: { accept: true, decisions: [{ action_id: pending[0], accept: true, scope: 'forever' }] },
    });
    expect(badScope.status).toBe(422);
  });

  it('per-action decisions with scopes run, reject and add rules', async () => {
    const { app, id, pending } = await waitingConversation();
    const url = `/api/conversations/${id}/events/respond_to_confirmation`;
    const answered = await call(app, {
      method: 'POST',
      url,
      payload: {
        accept: true,
        decisions: [
          { action_id: pending[0], accept: true, scope: 'always' },
          { action_id: pending[1], accept: false, reason: 'not b' },
        ],
      },
    });
    expect(answered.body).toEqual({ success: true });
    await waitForStatus(app, id, ['finished']);
    const events = await allEvents(app, id);
    expect(events.filter((event) => event.kind === 'ObservationEvent')).toHaveLength(1);
    expect(events.find((event) => event.kind === 'UserRejectObservation')).toMatchObject({
      rejection_reason: 'not b',
    });
    const settings = await call(app, { url: '/api/settings' });
    expect(settings.body.approval_rules).toEqual([
      expect.objectContaining({
        tool: 'file_editor',
        effect: 'allow',
        matcher: { kind: 'path_glob', glob: `${app.workspace}/**` },
      }),
    ]);
    const markdown = await call(app, { url: `/api/conversations/${id}/export?format=md` });
    expect(markdown.response.body).toContain('Approved by you · always, adding rule');
    expect(markdown.response.body).toContain('Rejected by you (not b)');
    expect(markdown.response.body).toContain('Asked: no rule matched');
  });
});
