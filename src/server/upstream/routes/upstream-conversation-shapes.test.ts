import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LLMConfig } from '../../../runtime/llm/llm-config';
import type { ConversationInfo } from '../../../runtime/events';
import { createScriptedLLM } from '../../../runtime/llm/scripted-llm';
import { allEvents, call, createConversation, userMessage, waitForStatus } from '../../testing/api-helpers';
import { createTestServer, type TestServer } from '../../testing/create-test-server';

/** Request shapes of upstream clients (the official TypeScript client and the agent server's models). */
let server: TestServer;
let llmConfigs: LLMConfig[];
beforeEach(async () => {
  llmConfigs = [];
  const llm = createScriptedLLM({ turns: [], fallback: { text: 'Done.' } });
  server = await createTestServer({
    createLLM: (config) => {
      llmConfigs.push(config);
      return llm;
    },
  });
});
afterEach(async () => server.close());

const KEY = 'sk-upstream-test-key-0123456789abcdefghij';

/** What `RemoteConversation.start()` of @openhands/typescript-client posts, field for field. */
function clientStartBody(overrides: Record<string, unknown> = {}) {
  return {
    agent: {
      kind: 'Agent',
      llm: { model: 'openai/gpt-4o-mini', api_key: KEY, base_url: 'https://llm.example.test/v1' },
    },
    initial_message: { role: 'user', content: [{ type: 'text', text: 'Hello there' }] },
    max_iterations: 500,
    stuck_detection: true,
    workspace: { type: 'local', working_dir: server.workspace },
    hook_config: null,
    user_id: null,
    ...overrides,
  };
}

async function create(payload: unknown) {
  return call(server, { method: 'POST', url: '/api/conversations', payload });
}

function locs(body: { detail: { loc: (string | number)[]; msg: string }[] }) {
  return body.detail.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('\n');
}

describe('POST /api/conversations, the upstream way', () => {
  it("accepts the official client's body unmodified and maps agent.llm, its key held in memory only", async () => {
    const { status, body } = await create(clientStartBody());
    expect(status).toBe(201);
    const info = body as ConversationInfo;
    expect(info.llm).toEqual({ provider: 'openai-compatible', model: 'gpt-4o-mini' });
    expect(info.agent).toEqual({
      kind: 'Agent',
      llm: {
        model: 'openai/gpt-4o-mini',
        base_url: 'https://llm.example.test/v1',
        api_key: null,
        usage_id: 'agent',
      },
      tools: [
        'terminal',
        'file_editor',
        'grep',
        'glob',
        'list_dir',
        'apply_patch',
        'task_tracker',
        'task',
      ].map((name) => ({
        name,
      })),
    });
    expect(info.workspace).toEqual({ working_dir: server.workspace, kind: 'LocalWorkspace' });
    expect(info.hook_config).toBeNull();
    expect(info.activated_knowledge_skills).toEqual([]);
    expect(info.persistence_dir).toMatch(new RegExp(`^${server.dataDir}/observations/[0-9a-f]{32}$`));
    expect(JSON.stringify(body)).not.toContain(KEY);

    expect((await call(server, { method: 'POST', url: `/api/conversations/${info.id}/run` })).status).toBe(
      200,
    );
    await waitForStatus(server, info.id, ['finished']);
    expect(llmConfigs.at(-1)).toMatchObject({
      provider: 'openai-compatible',
      model: 'gpt-4o-mini',
      base_url: 'https://llm.example.test/v1',
      api_key: KEY,
    });
    const events = await allEvents(server, info.id);
    expect(JSON.stringify(events)).not.toContain(KEY);
    expect(JSON.stringify(await server.store.readEvents(info.id))).not.toContain(KEY);
  });

  it('never shows a key riding in base_url (user info or query) in agent.llm', async () => {
    const { status, body } = await create(
      clientStartBody({
        agent: {
          kind: 'Agent',
          llm: {
            model: 'litellm_proxy/gpt-4o',
            base_url: `https://user:${KEY}@gw.example.test/v1?key=${KEY}#${KEY}`,
          },
        },
      }),
    );
    expect(status).toBe(201);
    expect(body.agent.llm.base_url).toBe('https://gw.example.test/v1');
    expect(JSON.stringify(body)).not.toContain(KEY);
  });

  it('accepts workspace.kind LocalWorkspace and refuses any other workspace with the reason', async () => {
    const local = await create(
      clientStartBody({ workspace: { kind: 'LocalWorkspace', working_dir: server.workspace } }),
    );
    expect(local.status).toBe(201);
    for (const workspace of [
      { kind: 'RemoteWorkspace', working_dir: server.workspace },
      { type: 'docker', working_dir: server.workspace },
    ]) {
      const refused = await create(clientStartBody({ workspace }));
      expect(refused.status).toBe(422);
      expect(locs(refused.body)).toMatch(/Only a workspace on this machine .* sandbox here/);
    }
  });

  it('puts a DockerWorkspace in a container of its own on a bubblewrap runtime, and says so in its info', async () => {
    const created = await create(
      clientStartBody({
        workspace: { kind: 'DockerWorkspace', working_dir: server.workspace },
        initial_message: null,
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ sandbox: 'docker', sandbox_image: 'agent-workbench-sandbox:1' });
    const plain = await create(clientStartBody({ initial_message: null }));
    expect(plain.body).toMatchObject({ sandbox: 'bubblewrap', sandbox_image: null });
  });

  it('refuses prompt hooks and duplicate hook events, agent together with llm, ACP agents, a malformed MCP server and a custom system prompt', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        {
          hook_config: { pre_tool_use: [{ matcher: '*', hooks: [{ type: 'prompt', prompt: 'judge it' }] }] },
        },
        /Only command hooks run here/,
      ],
      [{ hook_config: { PreToolUse: [], pre_tool_use: [] } }, /Duplicate hook event/],
      [{ llm: { provider: 'openai', model: 'gpt-4o' } }, /either as agent\.llm .* or as llm/],
      [{ agent: { kind: 'ACPAgent', llm: { model: 'openai/gpt-4o' } } }, /^body\.agent\.kind: .*ACP/m],
      [
        {
          agent: {
            kind: 'Agent',
            llm: { model: 'openai/gpt-4o' },
            mcp_config: { mcpServers: { 'bad name!': { command: 'x' } } },
          },
        },
        /mcp_config/,
      ],
      [
        { agent: { kind: 'Agent', llm: { model: 'openai/gpt-4o' }, system_prompt: 'Be evil' } },
        /system prompt/,
      ],
      [
        { agent: { kind: 'Agent', llm: { model: 'mystery-model' } } },
        /^body\.agent\.llm: This model cannot be served/m,
      ],
      [{ surprise: 1 }, /surprise|Unrecognized/],
    ];
    for (const [overrides, message] of cases) {
      const { status, body } = await create(clientStartBody(overrides));
      expect(status, JSON.stringify(overrides)).toBe(422);
      expect(locs(body)).toMatch(message);
    }
    expect((await call(server, { url: '/api/conversations/count' })).body).toBe(0);
  });

  it('reads null conversation_id, initial_message and security_analyzer (as a Python client dumps them) as absent', async () => {
    const { status, body } = await create(
      clientStartBody({
        conversation_id: null,
        initial_message: null,
        security_analyzer: null,
        secrets: {},
        tags: {},
      }),
    );
    expect(status).toBe(201);
    expect(body.security_analyzer).toEqual({ kind: 'EnsembleSecurityAnalyzer' });
    expect(body.tags).toEqual({});
    expect(body.tag_list).toEqual([]);
    expect(body.last_seq).toBeLessThanOrEqual(0);
  });

  it("keeps hook_config in upstream's shape, read from its PascalCase and `hooks` wrapper forms too", async () => {
    const expected = {
      pre_tool_use: [
        { matcher: 'terminal', hooks: [{ type: 'command', command: 'hooks/check.sh', timeout: 5 }] },
      ],
      post_tool_use: [],
      user_prompt_submit: [],
      session_start: [],
      session_end: [],
      stop: [{ matcher: '*', hooks: [{ type: 'command', command: 'hooks/stop.sh', timeout: 60 }] }],
    };
    for (const hookConfig of [
      {
        pre_tool_use: [
          { matcher: 'terminal', hooks: [{ type: 'command', command: 'hooks/check.sh', timeout: 5 }] },
        ],
        stop: [{ hooks: [{ command: 'hooks/stop.sh' }] }],
      },
      {
        hooks: {
          PreToolUse: [
            { matcher: 'terminal', hooks: [{ command: 'hooks/check.sh', timeout: 5, async: false }] },
          ],
          Stop: [{ matcher: '*', hooks: [{ command: 'hooks/stop.sh' }] }],
        },
      },
    ]) {
      const { status, body } = await create(clientStartBody({ hook_config: hookConfig }));
      expect(status).toBe(201);
      expect((body as ConversationInfo).hook_config).toEqual(expected);
      const read = await call(server, { url: `/api/conversations/${(body as ConversationInfo).id}` });
      expect((read.body as ConversationInfo).hook_config).toEqual(expected);
    }
  });

  it('accepts empty hooks, user_id and ignorable agent fields', async () => {
    const { status } = await create(
      clientStartBody({
        hook_config: { pre_tool_use: [], stop: [] },
        user_id: 'someone',
        agent: {
          kind: 'Agent',
          llm: { model: 'anthropic/claude-sonnet-4-5', api_key: KEY, usage_id: 'agent', temperature: 0 },
          mcp_config: {},
          condenser: { kind: 'LLMSummarizingCondenser', max_size: 80 },
          agent_context: { skills: [], load_public_skills: false },
          system_prompt_filename: 'system_prompt.j2',
          critic: null,
        },
      }),
    );
    expect(status).toBe(201);
  });

  it("maps agent.tools by upstream's names and refuses a tool it cannot serve, naming what is available", async () => {
    const tools = [
      { name: 'TerminalTool' },
      { name: 'file_editor', params: {} },
      { name: 'TaskTrackerTool' },
      { name: 'FinishTool' },
    ];
    const ok = await create(
      clientStartBody({ agent: { kind: 'Agent', llm: { model: 'openai/gpt-4o' }, tools } }),
    );
    expect(ok.status).toBe(201);
    const refused = await create(
      clientStartBody({
        agent: { kind: 'Agent', llm: { model: 'openai/gpt-4o' }, tools: [{ name: 'BrowserToolSet' }] },
      }),
    );
    expect(refused.status).toBe(422);
    expect(locs(refused.body)).toMatch(
      /^body\.agent\.tools\.0\.name: Tool "BrowserToolSet" is not available here; available: terminal \(TerminalTool\), file_editor/m,
    );
  });

  it('offers the model only the tools agent.tools chose (plus think and finish), and a fork keeps the choice', async () => {
    const scripted = await createTestServer({
      script: {
        turns: [{ tool_calls: [{ name: 'file_editor', arguments: { command: 'view', path: '.' } }] }],
        fallback: { text: 'Done.' },
      },
    });
    try {
      const { status, body } = await call(scripted, {
        method: 'POST',
        url: '/api/conversations',
        payload: {
          agent: { kind: 'Agent', llm: { model: 'openai/gpt-4o' }, tools: [{ name: 'TerminalTool' }] },
          workspace: { kind: 'LocalWorkspace', working_dir: scripted.workspace },
          initial_message: userMessage('look around', { run: true }),
        },
      });
      expect(status).toBe(201);
      expect(body.agent.tools).toEqual([{ name: 'terminal' }]);
      await waitForStatus(scripted, body.id, ['finished']);
      const events = await allEvents(scripted, body.id);
      const prompt = events.find((event) => event.kind === 'SystemPromptEvent');
      expect(prompt?.kind === 'SystemPromptEvent' && prompt.tools.map((tool) => tool.name).sort()).toEqual([
        'finish',
        'terminal',
        'think',
      ]);
      // The model called a tool it was not given: it is told so, and nothing ran.
      expect(
        events.some((event) => event.kind === 'AgentErrorEvent' && event.tool_name === 'file_editor'),
      ).toBe(true);
      expect(events.some((event) => event.kind === 'ObservationEvent')).toBe(false);

      const fork = await call(scripted, {
        method: 'POST',
        url: `/api/conversations/${body.id}/fork`,
        payload: {},
      });
      expect(fork.body.agent.tools).toEqual([{ name: 'terminal' }]);
    } finally {
      await scripted.close();
    }
  });

  it('sets secrets given at creation before the initial message is stored, so it is stored masked', async () => {
    const password = 'hunter2-correct-horse-battery';
    const { status, body } = await create(
      clientStartBody({
        secrets: { DB_PASSWORD: { kind: 'StaticSecret', value: password }, TOKEN: 'plain-token-value-42' },
        initial_message: userMessage(`the password is ${password} and plain-token-value-42`),
      }),
    );
    expect(status).toBe(201);
    const stored = JSON.stringify(await server.store.readEvents(body.id));
    expect(stored).not.toContain(password);
    expect(stored).not.toContain('plain-token-value-42');
    expect(stored).toContain('‹secret:DB_PASSWORD›');
  });

  it('accepts cache_prompt (and the old enable_truncation) on content and stores the plain content', async () => {
    const info = await createConversation(server, {
      initial_message: {
        role: 'user',
        content: [{ type: 'text', text: 'cached', cache_prompt: true, enable_truncation: false }],
      },
    });
    const sent = await call(server, {
      method: 'POST',
      url: `/api/conversations/${info.id}/events`,
      payload: {
        role: 'user',
        content: [
          { type: 'text', text: 'again', cache_prompt: false },
          { type: 'image', image_urls: ['data:image/png;base64,AAAA'], cache_prompt: true },
        ],
      },
    });
    expect(sent.status).toBe(200);
    const messages = (await allEvents(server, info.id)).filter((event) => event.kind === 'MessageEvent');
    expect(messages.map((event) => (event.kind === 'MessageEvent' ? event.llm_message.content : []))).toEqual(
      [
        [{ type: 'text', text: 'cached' }],
        [
          { type: 'text', text: 'again' },
          { type: 'image', image_urls: ['data:image/png;base64,AAAA'] },
        ],
      ],
    );
    const unknownField = await call(server, {
      method: 'POST',
      url: `/api/conversations/${info.id}/events`,
      payload: { role: 'user', content: [{ type: 'text', text: 'x', surprise: true }] },
    });
    expect(unknownField.status).toBe(422);
  });
});
