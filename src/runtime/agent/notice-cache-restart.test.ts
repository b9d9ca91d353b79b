import { describe, expect, it } from 'vitest';
import type { BudgetEvent, Condensation, Event, MessageEvent } from '../events';
import { cacheHintsRefused } from './cache-hints-refused';
import { cacheRestartCause } from './notice-cache-restart';
import { createEventBuilder } from './testing/event-builders';

const metrics = (model: string) => ({
  model,
  prompt_tokens: 10,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  completion_tokens: 1,
  reasoning_tokens: 0,
  cost: null,
  latency_ms: 1,
});

function branchBuilder() {
  const build = createEventBuilder();
  return {
    user: (text: string): Event => build.userMessage(text),
    reply: (model: string): MessageEvent => ({ ...build.agentMessage('ok'), metrics: metrics(model) }),
    condensation: (): Condensation =>
      ({
        ...build.agentMessage('x'),
        kind: 'Condensation',
        source: 'environment',
        forgotten_event_ids: [],
        summary: 'summary',
      }) as unknown as Condensation,
    notice: (fields: Partial<BudgetEvent>): BudgetEvent =>
      ({
        ...build.agentMessage('x'),
        kind: 'BudgetEvent',
        source: 'environment',
        notice: 'cache_restart',
        detail: 'note',
        ...fields,
      }) as unknown as BudgetEvent,
  };
}

describe('cacheRestartCause', () => {
  it('is nothing while the same model goes on, and before any model call', () => {
    const b = branchBuilder();
    expect(cacheRestartCause([b.user('hi')], 'm')).toBeUndefined();
    expect(cacheRestartCause([b.user('hi'), b.reply('m'), b.user('more')], 'm')).toBeUndefined();
    expect(cacheRestartCause([b.user('hi'), b.condensation()], 'm')).toBeUndefined();
  });

  it('names a condensation since the last call, once', () => {
    const b = branchBuilder();
    const branch = [b.user('hi'), b.reply('m'), b.condensation()];
    expect(cacheRestartCause(branch, 'm')).toBe('condensation');
    expect(cacheRestartCause([...branch, b.notice({ cause: 'condensation' })], 'm')).toBeUndefined();
  });

  it('names another model than the last call’s, once', () => {
    const b = branchBuilder();
    const branch = [b.user('hi'), b.reply('a'), b.user('more')];
    expect(cacheRestartCause(branch, 'b')).toBe('model_switch');
    expect(cacheRestartCause([...branch, b.notice({ cause: 'model_switch' })], 'b')).toBeUndefined();
  });
});

describe('cacheHintsRefused', () => {
  it('holds for the refusing model until a model switch is noticed', () => {
    const b = branchBuilder();
    const refused = [b.user('hi'), b.notice({ notice: 'cache_hints_refused', model: 'a' }), b.reply('a')];
    expect(cacheHintsRefused(refused, 'a')).toBe(true);
    expect(cacheHintsRefused(refused, 'b')).toBe(false);
    expect(cacheHintsRefused([...refused, b.notice({ cause: 'model_switch', model: 'a' })], 'a')).toBe(false);
    expect(cacheHintsRefused([...refused, b.notice({ cause: 'condensation', model: 'a' })], 'a')).toBe(true);
  });
});
