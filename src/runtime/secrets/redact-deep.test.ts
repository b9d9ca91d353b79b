import { describe, expect, it } from 'vitest';
import { redactDeep } from './redact-deep';

const mask = (text: string) => text.replaceAll('s3cret', '<SECRET>');

describe('redactDeep', () => {
  it('returns the very same object when no string changes, at every depth', () => {
    const value = {
      kind: 'ActionEvent',
      tool_call: { arguments: '{"command":"ls"}' },
      list: ['a', 1, null, true],
    };
    expect(redactDeep(value, mask)).toBe(value);
  });

  it('copies only the path to a changed string and keeps the rest shared, in key order', () => {
    const untouched = { note: 'plain' };
    const value = {
      first: 'a',
      inner: { text: 'key s3cret here', untouched },
      after: ['x', 's3cret'],
      last: 2,
    };
    const redacted = redactDeep(value, mask);
    expect(redacted).toEqual({
      first: 'a',
      inner: { text: 'key <SECRET> here', untouched },
      after: ['x', '<SECRET>'],
      last: 2,
    });
    expect(Object.keys(redacted)).toEqual(['first', 'inner', 'after', 'last']);
    expect(redacted.inner.untouched).toBe(untouched);
    expect(value.inner.text).toBe('key s3cret here');
    expect(value.after[1]).toBe('s3cret');
  });

  it('keeps object keys as they are, and an own __proto__ key stays an own property with its value redacted', () => {
    const value = JSON.parse('{"s3cret": "name only", "__proto__": {"token": "s3cret"}, "z": "s3cret"}');
    const redacted = redactDeep(value, mask);
    expect(Object.keys(redacted)).toEqual(['s3cret', '__proto__', 'z']);
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(JSON.stringify(redacted)).toBe(
      '{"s3cret":"name only","__proto__":{"token":"<SECRET>"},"z":"<SECRET>"}',
    );
  });

  it('redacts a string given alone and leaves other scalars be', () => {
    expect(redactDeep('s3cret', mask)).toBe('<SECRET>');
    expect(redactDeep(42, mask)).toBe(42);
    expect(redactDeep(null, mask)).toBe(null);
  });
});
