import { afterEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import type { ConversationInfo, ObservationEvent } from '../../runtime/events';
import { createAiSdkLLM } from '../../runtime/llm/create-ai-sdk-llm';
import { allEvents, call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
let mock: MockLLM | undefined;
afterEach(async () => {
  await server?.close();
  await mock?.close();
  server = undefined;
  mock = undefined;
});

describe('a sub-agent through the API', () => {
  it('the parent calls task, the child answers, the parent finishes; children are listed only when asked', async () => {
    mock = await startMockLLM({
      model: 'gpt-4o',
      script: {
        turns: [
          {
            tool_calls: [
              {
                id: 'call_task',
                name: 'task',
                arguments: {
                  description: 'Read the notes',
                  prompt: 'Say what the notes say.',
                  tools: ['file_editor'],
                  security_risk: 'LOW',
                  summary: 'Delegate reading the notes',
                },
              },
            ],
          },
          {
            tool_calls: [
              { id: 'call_finish_child', name: 'finish', arguments: { message: 'The notes say hello.' } },
            ],
          },
          { text: 'The sub-agent read them: hello.' },
        ],
      },
    });
    const llmUrl = mock.url;
    server = await createTestServer({
      createLLM: (config) => createAiSdkLLM({ ...config, base_url: llmUrl }, { retry: { maxAttempts: 1 } }),
      env: { LLM_MODEL: 'gpt-4o', LLM_API_KEY: 'sk-mock' },
    });
    const parent = await createConversation(server, { title: 'Parent' });
    await call(server, {
      method: 'POST',
      url: `/api/conversations/${parent.id}/events`,
      payload: userMessage('delegate', { run: true }),
    });
    const ended = await waitForStatus(server, parent.id, ['finished', 'error', 'paused', 'stuck']);
    expect(ended.execution_status).toBe('finished');

    const info = (await call(server, { url: `/api/conversations/${parent.id}` })).body as ConversationInfo;
    expect(info.parent_conversation_id).toBeNull();
    expect(info.sub_conversation_ids).toHaveLength(1);
    const childId = info.sub_conversation_ids?.[0] as string;
    const child = (await call(server, { url: `/api/conversations/${childId}` })).body as ConversationInfo;
    expect(child).toMatchObject({
      parent_conversation_id: parent.id,
      title: 'Read the notes',
      execution_status: 'finished',
      sub_conversation_ids: [],
    });
    expect(child.agent?.tools.map((tool) => tool.name)).toEqual(['file_editor']);

    const observation = (await allEvents(server, parent.id)).find(
      (event): event is ObservationEvent => event.kind === 'ObservationEvent' && event.tool_name === 'task',
    );
    expect(observation?.observation).toMatchObject({
      kind: 'TaskObservation',
      status: 'completed',
      task_id: childId,
      content: [{ type: 'text', text: 'The notes say hello.' }],
    });
    // The child's model request held only its own prompt, never the parent's conversation.
    const childRequest = JSON.stringify(mock.requests()[1]);
    expect(childRequest).toContain('Say what the notes say.');
    expect(childRequest).not.toContain('delegate');

    const listed = await call(server, { url: '/api/conversations/search' });
    expect(listed.body.items.map((item: ConversationInfo) => item.id)).toEqual([parent.id]);
    expect((await call(server, { url: '/api/conversations/count' })).body).toBe(1);
    const all = await call(server, { url: '/api/conversations/search?include_children=true' });
    expect(all.body.items.map((item: ConversationInfo) => item.id).sort()).toEqual(
      [parent.id, childId].sort(),
    );
    expect((await call(server, { url: '/api/conversations/count?include_children=true' })).body).toBe(2);

    expect(
      (await call(server, { method: 'DELETE', url: `/api/conversations/${parent.id}` })).status,
    ).toBeLessThan(300);
    expect((await call(server, { url: `/api/conversations/${childId}` })).status).toBe(404);
  });
});
