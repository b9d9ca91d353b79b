import { describe, expect, it } from 'vitest';
import { mergeSettingsDiff } from './merge-settings-diff';

describe('mergeSettingsDiff', () => {
  it('merges objects recursively and replaces values, lists and null', () => {
    expect(
      mergeSettingsDiff(
        { llm: { model: 'a', base_url: 'u' }, tools: [1], x: 1 },
        { llm: { model: 'b' }, tools: [2], x: null },
      ),
    ).toEqual({ llm: { model: 'b', base_url: 'u' }, tools: [2], x: null });
  });

  it('never reaches a prototype, however the key got in', () => {
    const hostile = JSON.parse(
      '{"__proto__":{"polluted":true},"a":{"constructor":{"prototype":{"polluted":true}}}}',
    );
    const merged = mergeSettingsDiff({}, hostile);
    expect(merged).toEqual({ a: {} });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
