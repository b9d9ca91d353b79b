import { describe, expect, it } from 'vitest';
import { createRedactor } from './create-redactor';
import { createStreamRedactor } from './create-stream-redactor';

const KEY = 'my-proxy-key-4f9a2c7e81b3';
const redactor = createRedactor([{ name: 'LLM_API_KEY', value: KEY }]);

function streamInChunks(text: string, size: number): string {
  const stream = createStreamRedactor(() => redactor);
  let shown = '';
  for (let start = 0; start < text.length; start += size)
    shown += stream.push('item', text.slice(start, start + size));
  return shown + stream.flush('item');
}

describe('createStreamRedactor', () => {
  it('catches a secret split across chunks, at every chunk size', () => {
    const text = `Here is the key ${KEY} and a token ghp_abcdefghijklmnopqrstuvwxyz0123456789 done. Authorization: Bearer abcdefghijklmnopqrstuvwxyz012 and aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY ${'More words. '.repeat(20)}`;
    for (const size of [1, 2, 3, 5, 7, 16, 64]) {
      const shown = streamInChunks(text, size);
      expect(shown).toBe(redactor.redact(text));
      expect(shown).not.toContain(KEY.slice(4, 16));
      expect(shown).not.toContain('abcdefghijklmnop');
      expect(shown).not.toContain('wJalrXUtnFEMI');
    }
  });

  it('holds back a private key block until it is closed', () => {
    const stream = createStreamRedactor(() => redactor);
    const first = stream.push(
      'item',
      `${'x '.repeat(100)}-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n`,
    );
    expect(first).not.toContain('MIIE');
    const second = stream.push('item', `-----END PRIVATE KEY-----\n${'y '.repeat(100)}`);
    expect(first + second + stream.flush('item')).toContain('‹secret:private-key›');
  });

  it('shows ordinary text with a bounded delay and everything after flush', () => {
    const stream = createStreamRedactor(() => redactor);
    const text = 'word '.repeat(100);
    const shown = stream.push('item', text);
    expect(shown.length).toBeGreaterThan(text.length - 100);
    expect(shown + stream.flush('item')).toBe(text);
    expect(stream.openKeys()).toEqual([]);
  });
});
