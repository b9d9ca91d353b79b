import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineToolArguments } from './tool-arguments';

describe('defineToolArguments', () => {
  it('makes the JSON Schema on first use, not when the tool is defined', () => {
    // A custom type has no JSON Schema: converting it throws, which shows when the conversion runs.
    const unconvertible = defineToolArguments('odd', z.object({ value: z.custom<string>() }));
    expect(() => unconvertible.parameters).toThrow();
  });

  it('gives the same JSON Schema, without the dialect, on every use', () => {
    const args = defineToolArguments('echo', z.object({ text: z.string() }).strict());
    const first = args.parameters;
    expect(first).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } });
    expect(first).not.toHaveProperty('$schema');
    expect(args.parameters).toBe(first);
  });

  it('names what the tool accepts when the arguments are wrong', () => {
    const args = defineToolArguments('echo', z.object({ text: z.string() }).strict());
    const result = args.parse({ other: 1 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain('echo accepts:');
  });
});
