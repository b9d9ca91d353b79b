import { afterEach, describe, expect, it } from 'vitest';
import type { LLMScript } from '../../runtime/llm/llm-script';
import { allEvents, call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(script?: LLMScript) {
  server = await createTestServer(script ? { script } : {});
  return server;
}

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';
const slow: LLMScript = { turns: [], fallback: { text: 'thinking slowly', delay_ms: 5_000 } };
/** A model call that never ends: a call that returns proves it did not wait for it. */
const hanging: LLMScript = { turns: [{ fail: 'hang' }] };

describe('run, pause, interrupt', () => {
  it('runs a conversation with a pending message and answers 409 while it runs', async () => {
    const app = await start(slow);
    const info = await createConversation(app);
    await call(app, {
      method: 'POST',
      url: `/api/conversations/${info.id}/events`,
      payload: userMessage('go'),
    });
    expect(await call(app, { method: 'POST', url: `/api/conversations/${info.id}/run` })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    await waitForStatus(app, info.id, ['running']);
    const again = await call(app, { method: 'POST', url: `/api/conversations/${info.id}/run` });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conversation_already_running');
  });

  it('interrupt cancels the model call now and leaves status paused', async () => {
    const app = await start(hanging);
    const info = await createConversation(app, { initial_message: userMessage('go', { run: true }) });
    await waitForStatus(app, info.id, ['running']);
    expect((await call(app, { method: 'POST', url: `/api/conversations/${info.id}/interrupt` })).status).toBe(
      200,
    );
    expect((await call(app, { url: `/api/conversations/${info.id}` })).body.execution_status).toBe('paused');
  });

  it('pause during a step is paused at once with a PauseEvent, and no new step starts', async () => {
    const app = await start({
      turns: [{ tool_calls: [{ name: 'think', arguments: { thought: 'a' } }], delay_ms: 300 }],
      fallback: { text: 'done' },
    });
    const info = await createConversation(app, {
      confirmation_policy: { kind: 'NeverConfirm' },
      initial_message: userMessage('go', { run: true }),
    });
    await waitForStatus(app, info.id, ['running']);
    expect((await call(app, { method: 'POST', url: `/api/conversations/${info.id}/pause` })).status).toBe(
      200,
    );
    // At once, while the model call of the first step is still in flight.
    expect((await call(app, { url: `/api/conversations/${info.id}` })).body.execution_status).toBe('paused');
    const events = await allEvents(app, info.id);
    expect(events.filter((event) => event.kind === 'PauseEvent')).toHaveLength(1);
    expect(events.filter((event) => event.kind === 'ActionEvent')).toHaveLength(0);
    // The step finishes its think call; the fallback's final answer is never asked for.
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await allEvents(app, info.id)).some((event) => event.kind === 'ObservationEvent')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await allEvents(app, info.id);
    expect(after.filter((event) => event.kind === 'ObservationEvent')).toHaveLength(1);
    expect(after.filter((event) => event.kind === 'MessageEvent' && event.source === 'agent')).toHaveLength(
      0,
    );
    expect((await call(app, { url: `/api/conversations/${info.id}` })).body.execution_status).toBe('paused');
    // Run again continues normally.
    await call(app, { method: 'POST', url: `/api/conversations/${info.id}/run`, payload: {} });
    expect((await waitForStatus(app, info.id, ['finished'])).execution_status).toBe('finished');
  });

  it('answers 404 for unknown conversations and 422 for a body on a bodiless action', async () => {
    const app = await start();
    for (const action of ['run', 'pause', 'interrupt']) {
      expect(
        (await call(app, { method: 'POST', url: `/api/conversations/${UNKNOWN}/${action}` })).status,
      ).toBe(404);
    }
    const info = await createConversation(app);
    const withBody = await call(app, {
      method: 'POST',
      url: `/api/conversations/${info.id}/run`,
      payload: { x: 1 },
    });
    expect(withBody.status).toBe(422);
  });
});

describe('fork and navigate', () => {
  it('forks up to an event into a new conversation (201) and leaves the source untouched', async () => {
    const app = await start();
    const info = await createConversation(app, { initial_message: userMessage('first', { run: true }) });
    await waitForStatus(app, info.id, ['finished']);
    const events = await allEvents(app, info.id);
    const message = events.find((event) => event.kind === 'MessageEvent');
    const forked = await call(app, {
      method: 'POST',
      url: `/api/conversations/${info.id}/fork`,
      payload: { from_event_id: message?.id, title: 'My fork' },
    });
    expect(forked.status).toBe(201);
    expect(forked.body).toMatchObject({
      title: 'My fork',
      forked_from_conversation_id: info.id,
      leaf_event_id: message?.id,
    });
    expect(forked.body.id).not.toBe(info.id);
    expect((await allEvents(app, info.id)).length).toBe(events.length);
    const unknownEvent = await call(app, {
      method: 'POST',
      url: `/api/conversations/${info.id}/fork`,
      payload: { from_event_id: UNKNOWN },
    });
    expect(unknownEvent.status).toBe(404);
    expect(
      (await call(app, { method: 'POST', url: `/api/conversations/${UNKNOWN}/fork`, payload: {} })).status,
    ).toBe(404);
  });

  it('navigates the leaf to an event or to before the first one', async () => {
    const app = await start();
    const info = await createConversation(app, { initial_message: userMessage('first', { run: true }) });
    await waitForStatus(app, info.id, ['finished']);
    const events = await allEvents(app, info.id);
    const target = events[1];
    const moved = await call(app, {
      method: 'POST',
      url: `/api/conversations/${info.id}/navigate`,
      payload: { event_id: target?.id },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.leaf_event_id).toBe(target?.id);
    const root = await call(app, {
      method: 'POST',
      url: `/api/conversations/${info.id}/navigate`,
      payload: { event_id: null },
    });
    expect(root.body.leaf_event_id).toBeNull();
    const unknown = await call(app, {
      method: 'POST',
      url: `/api/conversations/${info.id}/navigate`,
      payload: { event_id: UNKNOWN },
    });
    expect(unknown.status).toBe(404);
    const invalid = await call(app, {
      method: 'POST',
      url: `/api/conversations/${info.id}/navigate`,
      payload: {},
    });
    expect(invalid.status).toBe(422);
  });
});

describe('POST /api/conversations/{id}/confirmation_policy', () => {
  it('sets the policy; an unknown kind is 422', async () => {
    const app = await start();
    const info = await createConversation(app);
    const url = `/api/conversations/${info.id}/confirmation_policy`;
    const policy = { kind: 'ConfirmRisky', threshold: 'MEDIUM', confirm_unknown: false };
    expect((await call(app, { method: 'POST', url, payload: { policy } })).body).toEqual({ success: true });
    expect((await call(app, { url: `/api/conversations/${info.id}` })).body.confirmation_policy).toEqual(
      policy,
    );
    expect(
      (await call(app, { method: 'POST', url, payload: { policy: { kind: 'Sometimes' } } })).status,
    ).toBe(422);
  });
});
