import { describe, expect, it } from 'vitest';
import { CreateConversationSchema } from '../conversation/requests';
import { toCreateConversation, UpstreamCreateConversationSchema } from './upstream-create-conversation';

const body = (value: object) => UpstreamCreateConversationSchema.parse(value);

describe('the create body at the upstream edge', () => {
  it("maps upstream's agent to our model, MCP servers and the agent the service is given", () => {
    const mcp = { mcpServers: { files: { command: 'files-server' } } };
    const { request, agent } = toCreateConversation(
      body({
        agent: {
          kind: 'Agent',
          llm: { model: 'anthropic/claude-test', api_key: 'sk-ant-0123456789' },
          tools: [{ name: 'TerminalTool' }, { name: 'grep' }, { name: 'FinishTool' }],
          tool_concurrency_limit: 3,
          mcp_config: mcp,
          agent_context: {
            skills: [{ name: 'style', content: '# House style\nShort lines.', trigger: null }],
          },
        },
        title: 'kept',
      }),
    );
    expect(request.llm).toEqual({
      provider: 'anthropic',
      model: 'claude-test',
      api_key: 'sk-ant-0123456789',
    });
    expect(request.mcp_config).toMatchObject(mcp);
    expect(request.title).toBe('kept');
    expect(request).not.toHaveProperty('agent');
    expect(agent).toMatchObject({
      tools: ['terminal', 'grep'],
      tool_concurrency_limit: 3,
      upstream_model: 'anthropic/claude-test',
      make_missing_folder: true,
      skills: [{ name: 'style', description: 'House style', instructions: '# House style\nShort lines.' }],
    });
    // What remains is a body of ours: the service's own schema takes it.
    expect(CreateConversationSchema.safeParse(request).success).toBe(true);
  });

  it("maps the Agent Canvas's agent_settings, leaving out the tools it does not serve", () => {
    const mcp = { mcpServers: { files: { command: 'files-server' } } };
    const { request, agent } = toCreateConversation(
      body({
        agent_settings: {
          agent_kind: 'openhands',
          llm: { model: 'openai/gpt-test' },
          tools: [{ name: 'FileEditorTool' }, { name: 'browser_tool_set' }],
          mcp_config: mcp,
        },
      }),
    );
    expect(request.llm).toEqual({ provider: 'openai', model: 'gpt-test' });
    // Our mcp_config: the service checks its read_only_paths at creation (mcp_path_refused), as ours.
    expect(request.mcp_config).toMatchObject(mcp);
    expect(agent).toEqual({
      tools: ['file_editor'],
      upstream_model: 'openai/gpt-test',
      make_missing_folder: true,
    });
  });

  it('passes our own body through with no agent, so a missing folder stays refused', () => {
    const { request, agent } = toCreateConversation(body({ llm: { provider: 'openai', model: 'gpt-test' } }));
    expect(request.llm).toEqual({ provider: 'openai', model: 'gpt-test' });
    expect(agent).toEqual({});
  });

  it('refuses two ways of naming the model, and a model it cannot serve', () => {
    const both = UpstreamCreateConversationSchema.safeParse({
      llm: { provider: 'openai', model: 'gpt-test' },
      agent: { llm: { model: 'openai/gpt-test' } },
    });
    expect(both.error?.issues[0]?.message).toMatch(/not agent and llm$/);
    const unserved = UpstreamCreateConversationSchema.safeParse({
      agent: { llm: { model: 'mystery-model' } },
    });
    expect(unserved.error?.issues[0]?.path).toEqual(['agent', 'llm']);
    // Ours does not take upstream's agent at all: the service never sees it.
    expect(CreateConversationSchema.safeParse({ agent: { llm: { model: 'openai/gpt-test' } } }).success).toBe(
      false,
    );
  });

  it('publishes the fields in the order the body always had', () => {
    const keys = Object.keys(UpstreamCreateConversationSchema.shape);
    expect(keys.slice(keys.indexOf('llm'), keys.indexOf('llm') + 3)).toEqual(['llm', 'agent', 'secrets']);
    expect(keys.slice(keys.indexOf('mcp_config'), keys.indexOf('mcp_config') + 4)).toEqual([
      'mcp_config',
      'agent_settings',
      'agent_profile_id',
      'client_tools',
    ]);
  });
});
