import { describe, expect, it } from 'vitest';
import { redactSecret } from './redact-secret';

describe('redactSecret', () => {
  it('removes every occurrence of the configured key', () => {
    expect(redactSecret('key abc123xyz rejected (abc123xyz)', 'abc123xyz')).toBe(
      'key [redacted] rejected ([redacted])',
    );
  });

  it('masks other provider-shaped keys too', () => {
    expect(redactSecret('Incorrect API key provided: sk-proj-AbCdEfGh12345678.', undefined)).toBe(
      'Incorrect API key provided: [redacted].',
    );
  });
});
