import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationStateUpdateEvent, Event } from '../events';
import { createServiceHarness, type ServiceHarness } from '../conversation/testing/create-service-harness';
import { setUpstreamSecurityAnalyzer, switchUpstreamLLM } from './upstream-operations';
import type { RuntimeError } from '../errors/runtime-error';

let harness: ServiceHarness;
afterEach(async () => harness?.close());

const UNKNOWN = '00000000-0000-4000-8000-00000000dead';
const terminal = (command: string) => ({ tool_calls: [{ name: 'terminal', arguments: { command } }] });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stateUpdates = (events: Event[], key: string) =>
  events.filter(
    (event): event is ConversationStateUpdateEvent =>
      event.kind === 'ConversationStateUpdateEvent' && event.key === key,
  );
const code = (value: string) => expect.objectContaining({ code: value }) as RuntimeError;

describe('switch llm', () => {
  it('is durable, uses the new model from the next call, and holds the key in memory, masked', async () => {
    harness = await createServiceHarness({ script: { turns: [{ text: 'first' }, { text: 'second' }] } });
    const id = await harness.create();
    await harness.say(id, 'one');
    await harness.settled(id);
    await switchUpstreamLLM(harness.service, id, {
      model: 'anthropic/claude-test',
      api_key: 'sk-ant-switch-0123456789abcdef',
      usage_id: 'agent',
    });
    expect((await harness.service.get(id)).llm).toEqual({ provider: 'anthropic', model: 'claude-test' });
    const [update] = stateUpdates(await harness.events(id), 'llm');
    expect(update?.value).toEqual({
      upstream_model: 'anthropic/claude-test',
      provider: 'anthropic',
      model: 'claude-test',
    });
    await harness.say(id, 'my key is sk-ant-switch-0123456789abcdef');
    await harness.settled(id);
    expect(harness.llmConfigs.at(-1)).toEqual({
      provider: 'anthropic',
      model: 'claude-test',
      api_key: 'sk-ant-switch-0123456789abcdef',
    });
    expect(JSON.stringify(await harness.events(id))).not.toContain('sk-ant-switch-0123456789abcdef');
  });

  it('during a run, the call in flight ends on the old model and the next call uses the new one', async () => {
    harness = await createServiceHarness({
      script: { turns: [{ ...terminal('a'), delay_ms: 60 }, { text: 'done' }] },
    });
    const id = await harness.create();
    await harness.say(id, 'go');
    await sleep(10);
    const configsBefore = harness.llmConfigs.length;
    await switchUpstreamLLM(harness.service, id, { provider: 'openai', model: 'gpt-next' });
    expect(await harness.settled(id)).toBe('finished');
    expect(harness.llmConfigs.slice(configsBefore)).toEqual([{ provider: 'openai', model: 'gpt-next' }]);
  });

  it('never sends an earlier key to a new endpoint; a model we cannot serve is llm_unsupported', async () => {
    harness = await createServiceHarness({ script: { turns: [{ text: 'a' }] } });
    const id = await harness.create({
      llm: { provider: 'openai', model: 'gpt-a', api_key: 'sk-first-0123456789ab' },
    });
    await switchUpstreamLLM(harness.service, id, { model: 'x/y', base_url: 'https://models.example.com/v1' });
    await harness.say(id, 'hi');
    await harness.settled(id);
    expect(harness.llmConfigs.at(-1)).toEqual({
      provider: 'openai-compatible',
      model: 'x/y',
      base_url: 'https://models.example.com/v1',
    });
    await expect(switchUpstreamLLM(harness.service, id, { model: 'mystery-model' })).rejects.toThrow(
      code('llm_unsupported'),
    );
    await expect(switchUpstreamLLM(harness.service, UNKNOWN, { model: 'openai/gpt-a' })).rejects.toThrow(
      code('conversation_not_found'),
    );
  });
});

describe('security analyzer', () => {
  it('takes upstream and our kinds, durably; null is the pattern analyzer; others are refused', async () => {
    harness = await createServiceHarness();
    const id = await harness.create();
    await setUpstreamSecurityAnalyzer(harness.service, id, { kind: 'LLMSecurityAnalyzer' });
    expect((await harness.service.get(id)).security_analyzer).toEqual({ kind: 'LLMSecurityAnalyzer' });
    await setUpstreamSecurityAnalyzer(harness.service, id, {
      kind: 'EnsembleSecurityAnalyzer',
      analyzers: [{ kind: 'PolicyRailSecurityAnalyzer' }, { kind: 'LLMSecurityAnalyzer' }],
    });
    expect((await harness.service.get(id)).security_analyzer).toEqual({ kind: 'EnsembleSecurityAnalyzer' });
    await setUpstreamSecurityAnalyzer(harness.service, id, null);
    expect((await harness.service.get(id)).security_analyzer).toEqual({ kind: 'PatternSecurityAnalyzer' });
    expect(stateUpdates(await harness.events(id), 'security_analyzer').map((event) => event.value)).toEqual([
      { kind: 'LLMSecurityAnalyzer' },
      { kind: 'EnsembleSecurityAnalyzer' },
      { kind: 'PatternSecurityAnalyzer' },
    ]);
    for (const refused of [
      { kind: 'GraySwanAnalyzer' },
      { kind: 'PatternSecurityAnalyzer', high_patterns: [['x', 'y', 'z']] },
      { kind: 'EnsembleSecurityAnalyzer', analyzers: [{ kind: 'ToolShieldLLMSecurityAnalyzer' }] },
    ]) {
      await expect(setUpstreamSecurityAnalyzer(harness.service, id, refused)).rejects.toThrow(
        code('security_analyzer_unsupported'),
      );
    }
    expect((await harness.service.get(id)).security_analyzer).toEqual({ kind: 'PatternSecurityAnalyzer' });
  });

  it('the next step uses the new analyzer', async () => {
    harness = await createServiceHarness({
      script: {
        turns: [{ tool_calls: [{ name: 'terminal', arguments: { command: 'ls', security_risk: 'HIGH' } }] }],
      },
      confirmationPolicy: { kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: false },
      securityAnalyzer: { kind: 'PatternSecurityAnalyzer' },
    });
    const id = await harness.create();
    await setUpstreamSecurityAnalyzer(harness.service, id, { kind: 'LLMSecurityAnalyzer' });
    await harness.say(id, 'list');
    // Only the model's own HIGH rating asks: the pattern rules rate `ls` LOW.
    expect(await harness.settled(id)).toBe('waiting_for_confirmation');
  });
});
