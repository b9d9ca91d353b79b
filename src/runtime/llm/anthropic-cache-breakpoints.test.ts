import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CACHE_BREAKPOINTS, anthropicCachePlan } from './anthropic-cache-breakpoints';
import type { ChatMessage } from './llm';
import { chatLog } from './provider-projection-arbitraries';
import { projectForProvider } from './provider-projection';
import { toCallOptions } from './to-call-options';
import { INITIAL_REQUEST_SHAPE } from './request-shape';

const config = { provider: 'anthropic' as const, model: 'claude-sonnet-4-5', api_key: 'k' };
const tool = { name: 'terminal', description: 'Run', parameters: { type: 'object', properties: {} } };

function markerCount(options: ReturnType<typeof toCallOptions>): number {
  const marked = (value: object) =>
    'providerOptions' in value && JSON.stringify(value.providerOptions).includes('cacheControl') ? 1 : 0;
  return (
    options.prompt.reduce((sum, message) => sum + marked(message), 0) +
    (options.tools ?? []).reduce((sum, entry) => sum + marked(entry), 0)
  );
}

describe('anthropic cache breakpoints', () => {
  it('never more than four, and never on a system prompt that may change, whatever the log holds', () => {
    fc.assert(
      fc.property(chatLog, fc.boolean(), (log, hasTools) => {
        const options = toCallOptions(
          {
            messages: [{ role: 'system', content: 'static', stable: true }, ...log],
            tools: hasTools ? [tool] : [],
          },
          config,
          INITIAL_REQUEST_SHAPE,
        );
        expect(markerCount(options)).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
        for (const message of options.prompt)
          if (message.role === 'system' && message.content !== 'static')
            expect(message.providerOptions).toBeUndefined();
      }),
      { numRuns: 250 },
    );
  });

  it("marks the stable system block, the previous call's end and the latest turn", () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: 'static', stable: true },
      { role: 'system', content: 'dynamic' },
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', content: '', tool_calls: [{ id: 'a', name: 'terminal', arguments: '{}' }] },
      { role: 'tool', tool_call_id: 'a', tool_name: 'terminal', content: 'ok' },
    ];
    const sent = projectForProvider(messages, { provider: 'anthropic', hasTools: true });
    expect(anthropicCachePlan(sent, true)).toEqual({ lastTool: true, messages: [0, 2, 4] });
  });

  it('sends no breakpoint once the shape says the provider refused them', () => {
    const options = toCallOptions(
      { messages: [{ role: 'system', content: 'static', stable: true }], tools: [tool] },
      config,
      { repair: 'none', cacheHints: false },
    );
    expect(markerCount(options)).toBe(0);
  });
});
