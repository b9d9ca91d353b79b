import { describe, expect, it } from 'vitest';
import { redactText, redactValue } from './redact-values';

describe('redactText and redactValue', () => {
  it('mask every spelling of a named value with the one placeholder format', () => {
    const key = 'abc123xyz-very-secret';
    expect(redactText(`key ${key} rejected (${key})`, [{ name: 'api-key', value: key }])).toBe(
      'key ‹secret:api-key› rejected (‹secret:api-key›)',
    );
    expect(redactText(`b64 ${Buffer.from(key).toString('base64')}`, [key])).toBe('b64 ‹secret:secret›');
  });

  it('mask provider-shaped keys nobody registered', () => {
    expect(redactText('Incorrect API key provided: sk-proj-AbCdEfGh12345678AbCdEfGh.', [])).toBe(
      'Incorrect API key provided: ‹secret:openai-key›.',
    );
  });

  it('redact every string of a JSON value', () => {
    expect(redactValue({ a: ['x hunter2-long-value y'], b: 1 }, ['hunter2-long-value'])).toEqual({
      a: ['x ‹secret:secret› y'],
      b: 1,
    });
  });
});
