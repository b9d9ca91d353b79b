import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ConversationInfo } from '../../../runtime/events';
import { createScriptedLLM } from '../../../runtime/llm/scripted-llm';
import { call, createConversation, userMessage, waitForStatus } from '../../testing/api-helpers';
import { TEST_SESSION_KEY } from '../../testing/create-test-server';
import { listeningServerPerTest } from '../../testing/listening-server-per-test';
import { watchTestSocket } from '../../testing/watch-test-socket';

type Frame = Record<string, unknown> & { kind?: string; key?: string; value?: Record<string, unknown> };

const { start, track } = listeningServerPerTest();

/** A model that answers once with known token counts, so the totals are predictable. */
const counted = () =>
  createScriptedLLM({
    turns: [{ text: 'Done.', usage: { prompt_tokens: 120, completion_tokens: 30 } }],
    fallback: { text: 'Done.' },
  });

const agentMetrics = (prompt: number, completion: number) => ({
  model_name: 'openai/mock',
  accumulated_cost: 0,
  max_budget_per_task: null,
  accumulated_token_usage: {
    model: 'openai/mock',
    prompt_tokens: prompt,
    completion_tokens: completion,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
    reasoning_tokens: 0,
    context_window: 0,
    per_turn_token: 0,
    response_id: '',
  },
  costs: [],
  response_latencies: [],
  token_usages: [],
});

describe("stats in upstream's shape beside ours", () => {
  it('answers usage_to_metrics beside our totals on GET and search', async () => {
    const { app } = await start({ createLLM: counted });
    const info = await createConversation(app, {
      llm: { provider: 'openai', model: 'mock' },
      initial_message: userMessage('hello'),
      tags: ['team:qa'],
    });
    await call(app, { method: 'POST', url: `/api/conversations/${info.id}/run` });
    await waitForStatus(app, info.id, ['finished']);
    const answer = (await call(app, { url: `/api/conversations/${info.id}` })).body as ConversationInfo;
    expect(answer.stats).toMatchObject({ prompt_tokens: 120, completion_tokens: 30 });
    expect(answer.stats.usage_to_metrics).toEqual({ agent: agentMetrics(120, 30) });
    const search = (await call(app, { url: '/api/conversations/search' })).body;
    expect(search.items[0].stats.usage_to_metrics.agent.accumulated_token_usage.prompt_tokens).toBe(120);
  });
});

describe("tags in upstream's shape on REST answers, our list beside them", () => {
  it('answers tags as an object and tag_list as our list on GET, search and ?ids=', async () => {
    const { app } = await start({ createLLM: counted });
    const tags = [
      'clientsource:agentcanvas',
      'automation',
      'automation:abc',
      'team',
      'Bad Key:x',
      'constructor',
    ];
    const info = await createConversation(app, { llm: { provider: 'openai', model: 'mock' }, tags });
    const upstream = { clientsource: 'agentcanvas', automation: 'abc', team: '', constructor: '' };
    const answers: ConversationInfo[] = [
      info,
      (await call(app, { url: `/api/conversations/${info.id}` })).body,
      (await call(app, { url: '/api/conversations/search?tag=team' })).body.items[0],
      (await call(app, { url: `/api/conversations?ids=${info.id}` })).body[0],
    ];
    for (const answer of answers) {
      expect(answer.tags).toEqual(upstream);
      // A key such as `constructor` is an own property, never a prototype's.
      expect(Object.getPrototypeOf(answer.tags)).toBe(Object.prototype);
      expect(answer.tag_list).toEqual(tags);
    }
  });
});

describe("the upstream event socket speaks upstream's tags and stats", () => {
  it('sends full_state with tags as an object and each stats update with usage_to_metrics', async () => {
    const { app, baseUrl } = await start({ createLLM: counted });
    const info = await createConversation(app, {
      llm: { provider: 'openai', model: 'mock' },
      tags: ['clientsource:agentcanvas', 'automation', 'Bad Key:x'],
    });
    const url = `${baseUrl.replace(/^http/, 'ws')}/sockets/events/${info.id}?session_api_key=${TEST_SESSION_KEY}`;
    const socket = track({ socket: new WebSocket(url) });
    const watched = watchTestSocket<Frame>(socket.socket);
    const full = await watched.waitFor((frame) => frame.key === 'full_state');
    expect(full.value?.tags).toEqual({ clientsource: 'agentcanvas', automation: '' });
    expect(full.value?.stats).toMatchObject({ usage_to_metrics: { agent: agentMetrics(0, 0) } });

    await app.service.sendMessage(info.id, {
      role: 'user',
      content: [{ type: 'text', text: 'hello' }],
      run: true,
    });
    const update = await watched.waitFor((frame) => frame.key === 'stats');
    expect(update.value).toMatchObject({ prompt_tokens: 120, completion_tokens: 30 });
    expect(update.value?.usage_to_metrics).toEqual({ agent: agentMetrics(120, 30) });
    // The log keeps our shape: only the socket adds upstream's.
    const stored = (await app.store.readEvents(info.id)).find(
      (event) => event.kind === 'ConversationStateUpdateEvent' && event.key === 'stats',
    );
    expect(stored).toBeDefined();
    expect(JSON.stringify(stored)).not.toContain('usage_to_metrics');
  });
});
