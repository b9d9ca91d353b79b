import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import { createTestToolset } from '../agent/testing/create-test-toolset';
import type { LLMConfig } from './llm-config';
import { createConversationService } from '../conversation/create-conversation-service';
import type { LiveFrame } from '../agent/live-frame';
import { CreateConversationSchema } from '../conversation/requests';
import { DEFAULT_SECURITY_ANALYZER, type Event } from '../events';
import { DEFAULT_SANDBOX_SETTINGS } from '../sandbox/sandbox-settings';
import { createInMemoryEventStore } from '../store/in-memory-event-store';
import { createAiSdkLLM } from './create-ai-sdk-llm';

/**
 * The whole path of a model's reasoning through a real conversation: the real adapter talks HTTP to
 * the mock; deltas reach subscribers as `reasoning` frames (what the UI shows as thinking); the log
 * keeps the reasoning (and Anthropic's signature) and the next step sends the signed block back.
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

async function runConversation(llm: LLMConfig, text: string) {
  const workspace = await mkdtemp(join(tmpdir(), 'reasoning-loop-workspace-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'reasoning-loop-data-'));
  folders.push(workspace, dataDir);
  const store = createInMemoryEventStore();
  const service = createConversationService({
    store,
    dataDir,
    defaultWorkspace: workspace,
    settings: () => ({
      llm,
      confirmation_policy: { kind: 'NeverConfirm' },
      security_analyzer: DEFAULT_SECURITY_ANALYZER,
      sandbox: DEFAULT_SANDBOX_SETTINGS,
      approval_rules: [],
    }),
    createLLM: (config) => createAiSdkLLM(config, { retry: { maxAttempts: 1 } }),
    createToolset: () => createTestToolset(),
  });
  const { info } = await service.create(CreateConversationSchema.parse({}));
  const frames: LiveFrame[] = [];
  const subscription = await service.subscribe(info.id, (frame) => frames.push(frame));
  await service.sendMessage(info.id, { role: 'user', content: [{ type: 'text', text }], run: true });
  const deadline = Date.now() + 10_000;
  while ((await service.get(info.id)).execution_status !== 'finished') {
    const status = (await service.get(info.id)).execution_status;
    if (status === 'error' || status === 'stuck') throw new Error(`the run ended ${status}`);
    if (Date.now() > deadline) throw new Error('the run did not finish');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  subscription.unsubscribe();
  const events: Event[] = await store.readEvents(info.id);
  await service.close();
  return { events, frames };
}

const script = {
  turns: [
    {
      reasoning: 'I should list the files.',
      text: 'Looking.',
      tool_calls: [{ id: 'call_1', name: 'terminal', arguments: { command: 'ls' } }],
    },
    { reasoning: 'The listing answers it.', text: 'There is one file.' },
  ],
};

describe('reasoning through a conversation', () => {
  it('Anthropic: thinking is shown, stored with its signature, and sent back signed in the tool loop', async () => {
    mock.setScript(script);
    const { events, frames } = await runConversation(
      { provider: 'anthropic', model: 'claude-sonnet-4-5', base_url: mock.url, api_key: 'sk-ant-k' },
      'what is here?',
    );

    const thinking = frames.flatMap((frame) =>
      frame.type === 'delta' && frame.kind === 'reasoning' ? [frame.content] : [],
    );
    expect(thinking.join('')).toBe('I should list the files.The listing answers it.');

    const action = events.find((event) => event.kind === 'ActionEvent');
    expect(action).toMatchObject({
      reasoning_content: 'I should list the files.',
      thinking_blocks: [
        { type: 'thinking', thinking: 'I should list the files.', signature: 'mock-signature' },
      ],
    });
    const reply = events.findLast((event) => event.kind === 'MessageEvent');
    expect(reply).toMatchObject({ source: 'agent', reasoning_content: 'The listing answers it.' });

    const second = mock.requests()[1]?.body as {
      thinking: unknown;
      messages: { role: string; content: unknown[] }[];
    };
    expect(second.thinking).toMatchObject({ type: 'enabled' });
    expect(second.messages[1]).toMatchObject({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'I should list the files.', signature: 'mock-signature' },
        { type: 'text', text: 'Looking.' },
        { type: 'tool_use', id: 'call_1', name: 'terminal' },
      ],
    });
  });

  it('OpenAI gpt-5: the reasoning summary is shown and stored, and none goes back to OpenAI', async () => {
    mock.setScript(script);
    const { events, frames } = await runConversation(
      { provider: 'openai', model: 'gpt-5', base_url: mock.url, api_key: 'sk-k' },
      'what is here?',
    );

    const thinking = frames.flatMap((frame) =>
      frame.type === 'delta' && frame.kind === 'reasoning' ? [frame.content] : [],
    );
    expect(thinking.join('')).toBe('I should list the files.The listing answers it.');
    const action = events.find((event) => event.kind === 'ActionEvent');
    expect(action).toMatchObject({ reasoning_content: 'I should list the files.' });
    expect(action).not.toHaveProperty('thinking_blocks');
    expect(events.findLast((event) => event.kind === 'MessageEvent')).toMatchObject({
      reasoning_content: 'The listing answers it.',
    });

    expect(mock.requests().map((request) => request.path)).toEqual(['/v1/responses', '/v1/responses']);
    const input = (mock.requests()[1]?.body as { input: { type?: string }[] } | undefined)?.input ?? [];
    expect(input.some((item) => item.type === 'reasoning')).toBe(false);
    expect(input.filter((item) => item.type !== undefined).map((item) => item.type)).toEqual([
      'function_call',
      'function_call_output',
    ]);
  });
});
