import { describe, expect, it } from 'vitest';
import type { Event } from '../api/wire-types';
import { formatCost, formatLatency, formatPercent, formatTokens } from './format-usage';
import { cacheHitRate, lastRequestTokens, metricsTotals, stepMetricsRows } from './step-metrics-rows';

const metrics = (prompt: number, cost: number | null, cached = 0) => ({
  model: 'm',
  prompt_tokens: prompt,
  cache_read_tokens: cached,
  cache_write_tokens: 0,
  completion_tokens: 10,
  reasoning_tokens: 2,
  cost,
  latency_ms: 500,
});
const base = (seq: number) => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  seq,
  timestamp: '2026-01-01T00:00:00Z',
});
const reply = (seq: number, prompt: number, cost: number | null): Event => ({
  kind: 'MessageEvent',
  ...base(seq),
  source: 'agent',
  llm_message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
  extended_content: [],
  metrics: metrics(prompt, cost),
});
const summary = (seq: number): Event => ({
  kind: 'Condensation',
  ...base(seq),
  source: 'environment',
  forgotten_event_ids: [],
  summary: 's',
  metrics: metrics(9_000, 0.01),
});
const userMessage = (seq: number): Event => ({
  kind: 'MessageEvent',
  ...base(seq),
  source: 'user',
  llm_message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
  extended_content: [],
});

describe('step metrics rows', () => {
  it('lists every recorded call in log order, a summary marked as such', () => {
    const rows = stepMetricsRows([userMessage(0), reply(1, 100, 0.001), summary(2), reply(3, 300, 0.002)]);
    expect(rows.map((row) => [row.seq, row.purpose])).toEqual([
      [1, 'step'],
      [2, 'summary'],
      [3, 'step'],
    ]);
  });

  it('totals are unknown in cost once one call is unknown, and known otherwise', () => {
    const known = metricsTotals(stepMetricsRows([reply(1, 100, 0.001), reply(2, 200, 0.002)]));
    expect(known).toMatchObject({ calls: 2, prompt_tokens: 300, reasoning_tokens: 4, latency_ms: 1_000 });
    expect(known.cost).toBeCloseTo(0.003);
    expect(metricsTotals(stepMetricsRows([reply(1, 100, 0.001), reply(2, 200, null)])).cost).toBeNull();
  });

  it("the gauge reads the latest agent step's prompt, not a summary call's", () => {
    expect(lastRequestTokens([userMessage(0)])).toBeUndefined();
    expect(lastRequestTokens([reply(1, 1_200, 0), summary(2)])).toBe(1_200);
  });

  it('cache hit rate is cached input over input, none before any input', () => {
    expect(cacheHitRate({ prompt_tokens: 0, completion_tokens: 0, cost: 0 })).toBeNull();
    expect(
      cacheHitRate({ prompt_tokens: 1_000, completion_tokens: 0, cost: 0, cache_read_tokens: 250 }),
    ).toBe(0.25);
  });
});

describe('usage formats', () => {
  it('an unknown cost reads unknown, never $0.00', () => {
    expect(formatCost(null)).toBe('unknown');
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(0.0042)).toBe('$0.0042');
    expect(formatCost(1.5)).toBe('$1.50');
  });

  it('tokens, shares and latencies read short', () => {
    expect([formatTokens(950), formatTokens(1_234), formatTokens(128_000), formatTokens(1_048_576)]).toEqual([
      '950',
      '1.2k',
      '128k',
      '1.0M',
    ]);
    expect([formatPercent(null), formatPercent(0.426)]).toEqual(['–', '43%']);
    expect([formatLatency(840), formatLatency(2_310)]).toEqual(['840 ms', '2.3 s']);
  });
});
