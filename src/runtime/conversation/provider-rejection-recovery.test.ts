import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dialect } from '../../../scripts/mock-llm/failure-bodies';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import { validateProviderRequest } from '../../../scripts/mock-llm/strict/validate-request';
import { createTestToolset } from '../agent/testing/create-test-toolset';
import type { Content, ExecutionStatus } from '../events';
import { createAiSdkLLM } from '../llm/create-ai-sdk-llm';
import { wireViolations } from '../llm/provider-projection-wire-check';
import { DEFAULT_SANDBOX_SETTINGS } from '../sandbox/sandbox-settings';
import { createInMemoryEventStore } from '../store/in-memory-event-store';
import type { LLMConfig } from '../llm/llm-config';
import { createConversationService } from './create-conversation-service';
import { CreateConversationSchema } from './requests';

/**
 * Provider rejections through a real conversation: the real adapter over HTTP to the mock (which refuses an
 * invalid request as the provider would), so a refused request must neither stick the conversation
 * in `error` for good nor come back with the next message.
 */
let mock: MockLLM;
let folders: string[] = [];
beforeEach(async () => {
  mock = await startMockLLM();
  folders = [];
});
afterEach(async () => {
  await mock.close();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const configs = {
  'openai-compatible': { provider: 'openai-compatible', model: 'mock-model' },
  anthropic: { provider: 'anthropic', model: 'claude-haiku-4-5', api_key: 'sk-ant-k' },
} satisfies Record<string, Omit<LLMConfig, 'base_url'>>;

async function startService(initial: keyof typeof configs) {
  const workspace = await mkdtemp(join(tmpdir(), 'rejection-workspace-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'rejection-data-'));
  folders.push(workspace, dataDir);
  let llm: LLMConfig = { ...configs[initial], base_url: mock.url };
  const store = createInMemoryEventStore();
  const service = createConversationService({
    store,
    dataDir,
    defaultWorkspace: workspace,
    settings: () => ({
      llm,
      confirmation_policy: { kind: 'NeverConfirm' },
      security_analyzer: { kind: 'PatternSecurityAnalyzer' },
      sandbox: DEFAULT_SANDBOX_SETTINGS,
      approval_rules: [],
    }),
    createLLM: (config) => createAiSdkLLM(config, { retry: { maxAttempts: 1 } }),
    createToolset: () => createTestToolset(),
  });
  const { info } = await service.create(CreateConversationSchema.parse({}));
  const id = info.id;
  return {
    store,
    id,
    switchTo(provider: keyof typeof configs) {
      llm = { ...configs[provider], base_url: mock.url };
    },
    /** Sends a message and waits for the run to end; the status it ended with. */
    async say(content: Content[] | string): Promise<ExecutionStatus> {
      const blocks = typeof content === 'string' ? [{ type: 'text' as const, text: content }] : content;
      await service.sendMessage(id, { role: 'user', content: blocks, run: true });
      const deadline = Date.now() + 10_000;
      await new Promise((resolve) => setTimeout(resolve, 5));
      while ((await service.get(id)).execution_status === 'running') {
        if (Date.now() > deadline) throw new Error('the run did not end');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return (await service.get(id)).execution_status;
    },
    errors: async () =>
      (await store.readEvents(id)).filter((event) => event.kind === 'ConversationErrorEvent'),
    close: () => service.close(),
  };
}

function dialectOf(path: string): Dialect {
  return path.endsWith('/messages') ? 'anthropic' : 'openai';
}

/** Every model request so far, each checked by the strict validator and by our own wire check. */
function invalidRequests(): string[] {
  return mock
    .requests()
    .filter((request) => request.method === 'POST')
    .flatMap((request, index) => {
      const dialect = dialectOf(request.path);
      return [
        ...validateProviderRequest(dialect, request.body),
        ...wireViolations(dialect, request.body),
      ].map((problem) => `request ${index} (${dialect}): ${problem}`);
    });
}

describe('a request the provider refuses does not poison the conversation', () => {
  it('a fixable refusal is repaired and sent again at once; the run and the next message work', async () => {
    const conversation = await startService('openai-compatible');
    mock.setScript({
      turns: [
        {
          text: 'Listing.',
          tool_calls: [{ id: 'functions.terminal:0', name: 'terminal', arguments: { command: 'ls' } }],
        },
        {
          fail: 'bad_request',
          message: "Invalid 'messages[2].tool_calls[0].id': string does not match pattern.",
        },
        { tool_calls: [{ id: 'functions.terminal:1', name: 'terminal', arguments: { command: 'pwd' } }] },
        { text: 'Done.' },
        { text: 'Still here.' },
      ],
    });
    expect(await conversation.say('list the files')).toBe('finished');
    expect(await conversation.errors()).toEqual([]);
    const bodies = mock.requests().map((request) => JSON.stringify(request.body));
    expect(bodies).toHaveLength(4);
    expect(bodies[1]).toContain('functions.terminal:0');
    expect(bodies[2]).not.toContain('functions.terminal:0'); // the resend: every id minted anew
    expect(bodies[2]).toContain('"id":"call_1"');
    expect(bodies[3]).toContain('"id":"call_2"'); // later steps start repaired

    expect(await conversation.say('anything else?')).toBe('finished');
    expect(mock.requests()).toHaveLength(5);
    expect(invalidRequests()).toEqual([]);
    await conversation.close();
  });

  it('a refusal nothing can fix ends the run with words a person can act on; the next message works', async () => {
    const conversation = await startService('anthropic');
    mock.setScript({ turns: [{ fail: 'bad_request' }, { text: 'Back again.' }] });
    expect(await conversation.say('hello')).toBe('error');
    expect(await conversation.errors()).toMatchObject([
      {
        code: 'LLMBadRequest',
        detail: expect.stringMatching(
          /^Anthropic rejected the request \(400\): max_tokens: Field required\. .*check the model name, base URL and provider in Settings/,
        ),
      },
    ]);
    expect(mock.requests()).toHaveLength(1);

    expect(await conversation.say('try again')).toBe('finished');
    expect(mock.requests()).toHaveLength(2);
    expect(invalidRequests()).toEqual([]);
    await conversation.close();
  });

  it('an image the provider cannot read stays in the log and reaches the model as a note', async () => {
    const conversation = await startService('anthropic');
    mock.setScript({ turns: [{ text: 'I see a note.' }, { text: 'Fine.' }] });
    const svg = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';
    const status = await conversation.say([
      { type: 'text', text: 'what is this?' },
      { type: 'text', text: ' \n' },
      { type: 'image', image_urls: [svg] },
    ]);
    expect(status).toBe('finished');
    expect(await conversation.say('and now?')).toBe('finished');
    const sent = JSON.stringify(mock.requests()[1]?.body);
    expect(sent).not.toContain('PHN2Zy');
    expect(sent).toContain('image/svg+xml');
    expect(JSON.stringify(await conversation.store.readEvents(conversation.id))).toContain(svg);
    expect(invalidRequests()).toEqual([]);
    await conversation.close();
  });
});

describe('switching provider mid-conversation', () => {
  it('openai-compatible, then anthropic, then back: every request is valid', async () => {
    const conversation = await startService('openai-compatible');
    mock.setScript({
      turns: [
        // openai-compatible: ids only valid there, an unknown tool name, and an empty reply.
        {
          text: '\n\n',
          tool_calls: [
            { id: 'functions.think:0', name: 'think', arguments: { thought: 'plan' } },
            { id: 'functions.terminal:1', name: 'multi_tool_use.parallel', arguments: {} },
          ],
        },
        { text: '' }, // recorded as an empty agent message, and nudged
        { text: 'Compatible done.' },
        // anthropic: the same id in two turns.
        { tool_calls: [{ id: 'toolu_dup1', name: 'terminal', arguments: { command: 'ls' } }] },
        { tool_calls: [{ id: 'toolu_dup1', name: 'terminal', arguments: { command: 'pwd' } }] },
        { text: 'Anthropic done.' },
        // back to openai-compatible
        { text: 'Compatible again.' },
      ],
    });
    expect(await conversation.say('start')).toBe('finished');
    conversation.switchTo('anthropic');
    expect(await conversation.say('continue with Claude')).toBe('finished');
    conversation.switchTo('openai-compatible');
    expect(await conversation.say('and back')).toBe('finished');

    expect(mock.requests().map((request) => dialectOf(request.path))).toEqual([
      'openai',
      'openai',
      'openai',
      'anthropic',
      'anthropic',
      'anthropic',
      'openai',
    ]);
    expect(await conversation.errors()).toEqual([]);
    expect(invalidRequests()).toEqual([]);
    await conversation.close();
  });
});

describe('call ids the runtime mints', () => {
  it('fit every provider: at most 40 characters, letters, digits and underscores', async () => {
    const conversation = await startService('anthropic');
    mock.setScript({
      turns: [
        {
          tool_calls: [
            { id: 'same', name: 'terminal', arguments: { command: 'ls' } },
            { id: 'same', name: 'terminal', arguments: { command: 'pwd' } },
          ],
        },
        { text: 'Done.' },
      ],
    });
    expect(await conversation.say('two at once')).toBe('finished');
    const ids = (await conversation.store.readEvents(conversation.id)).flatMap((event) =>
      event.kind === 'ActionEvent' ? [event.tool_call_id] : [],
    );
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe('same');
    expect(ids[1]).toMatch(/^call_[a-zA-Z0-9_]{1,35}$/);
    await conversation.close();
  });
});
