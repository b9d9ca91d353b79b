import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationInfo } from '../../runtime/events';
import type { LLMConfig } from '../../runtime/llm/llm-config';
import { createScriptedLLM } from '../../runtime/llm/scripted-llm';
import { call, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

/** The create body of the Agent Canvas 1.16.0, as it posts it (skills and long descriptions cut short). */
let server: TestServer;
let root: string;
let llmConfigs: LLMConfig[];
beforeEach(async () => {
  llmConfigs = [];
  root = await mkdtemp(join(tmpdir(), 'canvas-create-'));
  const llm = createScriptedLLM({ turns: [], fallback: { text: 'Hello from the model.' } });
  server = await createTestServer({
    createLLM: (config) => {
      llmConfigs.push(config);
      return llm;
    },
  });
});
afterEach(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

const MOCK_URL = 'http://127.0.0.1:9/v1';

function canvasBody(overrides: Record<string, unknown> = {}) {
  const id = 'aeec846b-c3e3-4bed-9bbf-c8bbf338dc25';
  return {
    agent_settings: {
      agent_kind: 'openhands',
      llm: { model: 'mock', base_url: MOCK_URL, stream: true },
      agent_context: {
        skills: [{ name: 'docker', content: '# Docker', trigger: null, source: '/x/SKILL.md' }],
        load_public_skills: false,
        load_user_skills: true,
        load_project_skills: true,
        disabled_skills: [],
      },
      tools: [
        { name: 'terminal', params: {} },
        { name: 'file_editor', params: {} },
        { name: 'task_tracker', params: {} },
        { name: 'browser_tool_set', params: {} },
      ],
    },
    workspace: {
      kind: 'LocalWorkspace',
      working_dir: join(root, 'workspace', 'project', id.replaceAll('-', '')),
    },
    client_tools: [
      {
        name: 'canvas_ui_control',
        description: 'Drives the right-side panel.',
        parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
        annotations: { readOnlyHint: true },
      },
    ],
    confirmation_policy: { kind: 'NeverConfirm' },
    max_iterations: 500,
    stuck_detection: true,
    autotitle: true,
    title_llm_profile: 'default',
    worktree: true,
    tags: { clientsource: 'agentcanvas' },
    secrets_encrypted: true,
    conversation_id: id,
    initial_message: { role: 'user', content: [{ type: 'text', text: 'Say hello' }], run: true },
    user_id: '01a23aab-b6f9-7c3a-9e89-abe94b379172',
    ...overrides,
  };
}

async function create(payload: unknown) {
  return call(server, { method: 'POST', url: '/api/conversations', payload });
}

describe("the Agent Canvas's create body", () => {
  it('starts a conversation: the folder made, the model named as sent, served tools only, tags, the first message run', async () => {
    const body = canvasBody();
    const { status, body: answer } = await create(body);
    expect(status).toBe(201);
    const info = answer as ConversationInfo;
    expect(info.id).toBe(body.conversation_id);
    expect((await stat(body.workspace.working_dir)).isDirectory()).toBe(true);
    expect(info.agent?.llm.model).toBe('mock');
    expect(info.agent?.tools).toEqual([
      { name: 'terminal' },
      { name: 'file_editor' },
      { name: 'task_tracker' },
    ]);
    expect(info.tags).toEqual({ clientsource: 'agentcanvas' });
    expect(info.tag_list).toEqual(['clientsource:agentcanvas']);
    await waitForStatus(server, info.id, ['finished']);
    expect(llmConfigs.at(-1)).toMatchObject({
      provider: 'openai-compatible',
      model: 'mock',
      base_url: MOCK_URL,
    });
  });

  it('keeps the default title with autotitle:false', async () => {
    const { body } = await create(canvasBody({ autotitle: false, conversation_id: undefined }));
    const info = body as ConversationInfo;
    await waitForStatus(server, info.id, ['finished']);
    const again = await call(server, { method: 'GET', url: `/api/conversations/${info.id}` });
    expect((again.body as ConversationInfo).title).toBe(info.title);
  });

  it('refuses a key sent encrypted (nothing here can decrypt it), an ACP agent, and two ways of naming the model', async () => {
    const encrypted = canvasBody({
      agent_settings: {
        agent_kind: 'openhands',
        llm: { model: 'mock', base_url: MOCK_URL, api_key: 'gAAAAAB-token' },
      },
    });
    const refusedKey = await create(encrypted);
    expect(refusedKey.status).toBe(422);
    expect(JSON.stringify(refusedKey.body)).toContain('secrets_encrypted');
    expect(JSON.stringify(refusedKey.body)).not.toContain('gAAAAAB-token');

    const acp = await create(
      canvasBody({ agent_settings: { agent_kind: 'acp', llm: { model: 'mock', base_url: MOCK_URL } } }),
    );
    expect(acp.status).toBe(422);
    expect(JSON.stringify(acp.body)).toContain('agent_kind');

    const both = await create(
      canvasBody({ llm: { provider: 'openai-compatible', model: 'x', base_url: MOCK_URL } }),
    );
    expect(both.status).toBe(422);
  });

  it('without llm in agent_settings follows the settings model', async () => {
    const { status, body } = await create(
      canvasBody({ agent_settings: { agent_kind: 'openhands' }, conversation_id: undefined }),
    );
    expect(status).toBe(201);
    expect((body as ConversationInfo).llm).toEqual({
      provider: 'openai-compatible',
      model: 'scripted-model',
    });
  });
});
