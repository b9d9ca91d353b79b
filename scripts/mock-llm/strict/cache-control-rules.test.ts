import { describe, expect, it } from 'vitest';
import { cachePrefixDrift } from './cache-prefix-drift';
import { validateProviderRequest } from './validate-request';

const ephemeral = { type: 'ephemeral' };
const text = (value: string, marked = false) => ({
  type: 'text',
  text: value,
  ...(marked ? { cache_control: ephemeral } : {}),
});
function anthropic(messages: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: 'claude-test', max_tokens: 1024, stream: true, messages, ...extra };
}

describe('Anthropic cache_control rules', () => {
  it('accepts four breakpoints on a tool, the system and message blocks', () => {
    const body = anthropic(
      [
        { role: 'user', content: [text('one', true)] },
        { role: 'assistant', content: [text('two')] },
        { role: 'user', content: [text('three', true)] },
      ],
      {
        system: [text('rules', true), text('date')],
        tools: [{ name: 'terminal', input_schema: { type: 'object' }, cache_control: ephemeral }],
      },
    );
    expect(validateProviderRequest('anthropic', body)).toEqual([]);
  });

  it('refuses a fifth breakpoint, in the words Anthropic uses', () => {
    const body = anthropic(
      ['a', 'b', 'c'].map((value, index) => ({
        role: index % 2 === 0 ? 'user' : 'assistant',
        content: [text(value, true)],
      })),
      { system: [text('rules', true), text('more', true)] },
    );
    expect(validateProviderRequest('anthropic', body)).toEqual([
      'messages.2.content.0: A maximum of 4 blocks with cache_control may be provided. Found 5.',
    ]);
  });

  it('refuses cache_control on a thinking block and a one-hour breakpoint after a five-minute one', () => {
    const thinking = { type: 'thinking', thinking: 'hm', signature: 's', cache_control: ephemeral };
    const body = anthropic([
      { role: 'user', content: [text('a', true)] },
      { role: 'assistant', content: [thinking, text('b')] },
      { role: 'user', content: [{ ...text('c'), cache_control: { type: 'ephemeral', ttl: '1h' } }] },
    ]);
    const said = validateProviderRequest('anthropic', body).join('\n');
    expect(said).toMatch(/messages\.1\.content\.0/);
    expect(said).toMatch(/messages\.2\.content\.0\.cache_control\.ttl: a ttl of 1h must not come after/);
  });
});

describe('prompt_cache_key', () => {
  const chat = (key: unknown) => ({
    model: 'gpt-4.1',
    messages: [{ role: 'user', content: 'hi' }],
    prompt_cache_key: key,
  });
  it('is a non-empty string when sent (Chat Completions and Responses)', () => {
    expect(validateProviderRequest('openai', chat('awb-1'))).toEqual([]);
    expect(validateProviderRequest('openai', chat(''))).toEqual([
      'prompt_cache_key: prompt_cache_key must be a non-empty string when sent',
    ]);
    expect(validateProviderRequest('openai', chat(42)).length).toBeGreaterThan(0);
    expect(
      validateProviderRequest('responses', { model: 'gpt-5', input: 'hi', prompt_cache_key: null }),
    ).toEqual(['prompt_cache_key: prompt_cache_key must be a non-empty string when sent']);
  });

  it('is refused in an Anthropic request, which has no such field', () => {
    expect(
      validateProviderRequest(
        'anthropic',
        anthropic([{ role: 'user', content: 'hi' }], { prompt_cache_key: 'k' }),
      ),
    ).not.toEqual([]);
  });
});

describe('cachePrefixDrift (our rule: hints only on content the next call sends again)', () => {
  const first = anthropic([{ role: 'user', content: [text('task', true)] }], {
    system: [text('rules', true), text('date')],
  });
  it('accepts a next call that only appends', () => {
    const next = anthropic(
      [
        { role: 'user', content: [text('task')] },
        { role: 'assistant', content: [text('ok')] },
        { role: 'user', content: [text('more', true)] },
      ],
      { system: [text('rules', true), text('date')] },
    );
    expect(cachePrefixDrift('anthropic', first, next)).toEqual([]);
  });

  it('names the block that changed inside a marked prefix', () => {
    const next = anthropic([{ role: 'user', content: [text('task')] }], {
      system: [text('rules', true), text('another date')],
    });
    const [drift] = cachePrefixDrift('anthropic', first, next);
    expect(drift?.path).toEqual(['system', 1]);
  });

  it('for OpenAI: the earlier prompt must open the later one under the same key', () => {
    const earlier = { model: 'm', prompt_cache_key: 'k', messages: [{ role: 'system', content: 'a' }] };
    const later = { ...earlier, messages: [{ role: 'system', content: 'a, changed' }] };
    expect(cachePrefixDrift('openai', earlier, later)).toHaveLength(1);
    expect(cachePrefixDrift('openai', earlier, { ...earlier, prompt_cache_key: 'other' })).toHaveLength(1);
  });
});
