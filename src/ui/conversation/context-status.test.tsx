// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../api/api-context';
import type { Event, Stats } from '../api/wire-types';
import { ContextStatus } from './context-status';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const step = (seq: number, prompt: number, cost: number | null): Event => ({
  kind: 'MessageEvent',
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  seq,
  timestamp: '2026-01-01T00:00:00Z',
  source: 'agent',
  llm_message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
  extended_content: [],
  metrics: {
    model: 'gpt-4o',
    prompt_tokens: prompt,
    cache_read_tokens: 512,
    cache_write_tokens: 0,
    completion_tokens: 40,
    reasoning_tokens: 8,
    cost,
    latency_ms: 840,
  },
});

function show(options: { window: number | null; events: Event[]; stats: Stats }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        provider: 'openai',
        model: 'gpt-4o',
        context_window: options.window,
        assumed_context_window: options.window ?? 32_768,
        system_prompt: 'You are the agent. Deploy key: ‹secret:DEPLOY_TOKEN›',
        dynamic_context: 'Workspace: /w',
        tools: [{ name: 'terminal', description: 'Run a command.', parameters: { type: 'object' } }],
      }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider onUnauthorized={() => undefined}>
        <ContextStatus
          conversationId="11111111-1111-4111-8111-111111111111"
          model="gpt-4o"
          events={options.events}
          stats={options.stats}
        />
      </ApiProvider>
    </QueryClientProvider>,
  );
}

describe('ContextStatus', () => {
  it("shows the last request against the model's window, the cost and the cache hit rate", async () => {
    show({
      window: 128_000,
      events: [step(1, 1_000, 0.001), step(2, 64_000, 0.002)],
      stats: { prompt_tokens: 65_000, completion_tokens: 80, cost: 0.003, cache_read_tokens: 16_250 },
    });
    expect((await screen.findByText('64k / 128k')).textContent).toBe('64k / 128k');
    expect(screen.getByTestId('conversation-cost').textContent).toBe('$0.0030');
    expect(screen.getByTestId('cache-hit-rate').textContent).toBe('25% cached');
  });

  it('says unknown for an unknown window and an unknown cost, never $0.00', async () => {
    show({
      window: null,
      events: [step(1, 1_200, null)],
      stats: { prompt_tokens: 1_200, completion_tokens: 40, cost: null },
    });
    expect(await screen.findByText('1.2k / unknown window')).toBeTruthy();
    expect(screen.getByTestId('conversation-cost').textContent).toBe('unknown');
    expect(document.querySelector('.context-gauge__track')).toBeNull();
  });

  it('opens the usage by step with its totals, and from there what the model sees', async () => {
    show({
      window: 128_000,
      events: [step(1, 1_000, 0.001), step(2, 2_000, null)],
      stats: { prompt_tokens: 3_000, completion_tokens: 80, cost: null, cache_read_tokens: 1_024 },
    });
    fireEvent.click(screen.getByTestId('conversation-stats'));
    const dialog = screen.getByRole('dialog', { name: 'Usage by step' });
    expect(within(dialog).getAllByTestId('metrics-row')).toHaveLength(2);
    const totals = within(dialog).getByTestId('metrics-totals').textContent ?? '';
    expect(totals).toContain('2 calls');
    expect(totals).toContain('3.0k');
    expect(totals).toContain('unknown');
    fireEvent.click(within(dialog).getByRole('button', { name: /What the model sees/ }));
    const view = await screen.findByRole('dialog', { name: 'What the model sees' });
    const prompt = await within(view).findByTestId('system-prompt-text');
    expect(prompt.textContent).toContain('You are the agent.');
    // The masked secret is a pill, not its placeholder text.
    expect(within(view).getByText('secret hidden')).toBeTruthy();
    expect(within(view).getByText('terminal')).toBeTruthy();
  });
});
