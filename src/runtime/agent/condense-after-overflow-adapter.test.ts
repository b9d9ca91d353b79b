import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../../scripts/mock-llm/mock-llm-server';
import type { ConversationService } from '../conversation/conversation-service';
import { createConversationService } from '../conversation/create-conversation-service';
import { type Condensation, DEFAULT_SECURITY_ANALYZER, type Event } from '../events';
import { createAiSdkLLM } from '../llm/create-ai-sdk-llm';
import type { LLMScript } from '../llm/llm-script';
import { DEFAULT_SANDBOX_SETTINGS } from '../sandbox/sandbox-settings';
import { createInMemoryEventStore } from '../store/in-memory-event-store';
import { createTestToolset } from './testing/create-test-toolset';

let mock: MockLLM | undefined;
let service: ConversationService | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await service?.close();
  await mock?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The real adapter against the mock over HTTP, the in-memory store and the test toolset. */
async function start(script: LLMScript) {
  mock = await startMockLLM({ script });
  dataDir = await mkdtemp(join(tmpdir(), 'overflow-adapter-'));
  const store = createInMemoryEventStore();
  const url = mock.url;
  service = createConversationService({
    store,
    dataDir,
    defaultWorkspace: dataDir,
    settings: () => ({
      llm: { provider: 'openai-compatible', model: 'mock-model', base_url: url },
      confirmation_policy: { kind: 'NeverConfirm' },
      security_analyzer: DEFAULT_SECURITY_ANALYZER,
      sandbox: DEFAULT_SANDBOX_SETTINGS,
      approval_rules: [],
    }),
    createLLM: (config) => createAiSdkLLM(config),
    createToolset: () => createTestToolset(),
  });
  const { info } = await service.create({ max_iterations: 50, stuck_detection: true });
  return { id: info.id, store, service };
}

async function settled(id: string): Promise<string> {
  for (let tries = 0; tries < 2_000; tries++) {
    const status = (await service?.get(id))?.execution_status;
    if (status !== 'running') return status ?? 'missing';
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('still running');
}

const terminal = (command: string) => ({ tool_calls: [{ name: 'terminal', arguments: { command } }] });
const kinds = (events: Event[], kind: Event['kind']) => events.filter((event) => event.kind === kind);

describe('context overflow through the real adapter and the mock', () => {
  it("a provider's 400 'maximum context length' is condensed and the step retried", async () => {
    const {
      id,
      store,
      service: running,
    } = await start({
      turns: [
        terminal('a'),
        terminal('b'),
        { fail: 'context_overflow' },
        { text: 'SUMMARY: ran a and b.' },
        { text: 'Finished after condensing.' },
      ],
    });
    await running.sendMessage(id, {
      role: 'user',
      content: [{ type: 'text', text: 'run a and b' }],
      run: true,
    });
    expect(await settled(id)).toBe('finished');
    const events = await store.readEvents(id);
    expect(kinds(events, 'Condensation')).toHaveLength(1);
    expect(kinds(events, 'ConversationErrorEvent')).toHaveLength(0);
    const bodies = (mock?.requests() ?? []).map((request) => JSON.stringify(request.body));
    expect(bodies).toHaveLength(5);
    expect(bodies[4]).toContain('SUMMARY: ran a and b.');
  });

  it('a second overflow with nothing left to forget but the task ends the run with LLMContextWindowExceeded', async () => {
    const {
      id,
      store,
      service: running,
    } = await start({
      turns: [
        terminal('a'),
        terminal('b'),
        { fail: 'context_overflow' },
        { text: 'S' },
        { fail: 'context_overflow' },
      ],
    });
    await running.sendMessage(id, {
      role: 'user',
      content: [{ type: 'text', text: 'run a and b' }],
      run: true,
    });
    expect(await settled(id)).toBe('error');
    const events = await store.readEvents(id);
    // The first condensation forgot both commands: no hard reset is left to do.
    expect(kinds(events, 'Condensation')).toHaveLength(1);
    const errors = kinds(events, 'ConversationErrorEvent');
    expect(errors).toEqual([expect.objectContaining({ code: 'LLMContextWindowExceeded' })]);
  });

  it('a window that overflows again and again: every step condenses or resets, the run finishes, and no request breaks the provider rules', async () => {
    const batch = (commands: string[]) => ({
      tool_calls: commands.map((command) => ({ name: 'terminal', arguments: { command } })),
    });
    const structured = (state: string) =>
      `## User's goal and constraints\nrun the commands\n## Files touched\n(none)\n## Decisions\n(none)\n## Open tasks\nmore commands\n## Current state\n${state}`;
    const turns: LLMScript['turns'] = [];
    for (let round = 0; round < 4; round++) {
      turns.push(batch([`a${round}`, `b${round}`, `c${round}`]), terminal(`d${round}`));
      // The next step is refused: condensed, refused again: hard reset, then it goes on.
      turns.push({ fail: 'context_overflow' }, { text: structured(`round ${round} condensed`) });
      if (round % 2 === 1)
        turns.push({ fail: 'context_overflow' }, { text: structured(`round ${round} reset`) });
    }
    turns.push({ text: 'All rounds done.' });
    const { id, store, service: running } = await start({ turns });
    await running.sendMessage(id, {
      role: 'user',
      content: [{ type: 'text', text: 'run the commands' }],
      run: true,
    });
    expect(await settled(id)).toBe('finished');
    const events = await store.readEvents(id);
    expect(kinds(events, 'ConversationErrorEvent')).toHaveLength(0);
    const condensations = kinds(events, 'Condensation') as Condensation[];
    expect(condensations.length).toBeGreaterThanOrEqual(6);
    expect(condensations.some((event) => event.mode === 'hard_reset')).toBe(true);
    expect(condensations.every((event) => event.summary_sections?.goal === 'run the commands')).toBe(true);
    const requests = mock?.requests() ?? [];
    expect(requests.flatMap((request) => request.violations)).toEqual([]);
    expect(JSON.stringify(requests.at(-1)?.body)).toContain('run the commands');
  });
});
