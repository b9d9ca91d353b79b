import { describe, expect, it } from 'vitest';
import { createRedactor } from './create-redactor';
import { SECRET_PLACEHOLDER_PATTERN } from './secret-placeholder';

const KEY = 'my-proxy-key-4f9a2c7e81b3';
const redactor = createRedactor([{ name: 'LLM_API_KEY', value: KEY }]);

describe('createRedactor', () => {
  it('masks an exact value of unknown shape under its name', () => {
    expect(redactor.redact(`key=${KEY};`)).toBe('key=‹secret:LLM_API_KEY›;');
  });

  it('masks the base64, base64url and URL-encoded spellings of an exact value', () => {
    const value = 'sk+/weird?key=value&1234567';
    const weird = createRedactor([{ name: 'TOKEN', value }]);
    const base64 = Buffer.from(value).toString('base64');
    const base64url = Buffer.from(value).toString('base64url');
    for (const spelling of [base64, base64.replace(/=+$/, ''), base64url, encodeURIComponent(value)]) {
      const redacted = weird.redact(`before ${spelling} after`);
      expect(redacted).toContain('‹secret:TOKEN›');
      expect(redacted).not.toContain(spelling.slice(0, 12));
    }
  });

  it('masks the base64 of a value embedded in a longer encoded text, at every byte alignment', () => {
    for (const prefix of ['', 'a', 'ab', 'abc']) {
      const encoded = Buffer.from(`${prefix}Authorization: ${KEY}\n`).toString('base64');
      const redacted = redactor.redact(encoded);
      expect(redacted).toContain('‹secret:LLM_API_KEY›');
      const core = Buffer.from(KEY).toString('base64').slice(2, 20);
      expect(redacted).not.toContain(core);
    }
  });

  it.each([
    ['openai-key', 'sk-abcdefghijklmnopqrstuvwxyz012345'],
    ['openai-key', 'sk-proj-Ab3_dEf-GhIjKlMnOpQrStUvWxYz0123'],
    ['anthropic-key', 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz'],
    ['github-token', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789'],
    ['github-token', 'gho_abcdefghijklmnopqrstuvwxyz0123456789'],
    ['github-token', 'github_pat_11ABCDEFG0123456789_abcdefghijklmnop'],
    ['aws-access-key-id', 'AKIAIOSFODNN7EXAMPLE'],
    ['aws-access-key-id', 'ASIAIOSFODNN7EXAMPLE'],
    ['slack-token', 'xoxb-123456789012-abcdefghijkl'],
    ['jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
  ])('masks a %s pattern: %s', (name, token) => {
    expect(redactor.redact(`value: ${token} end`)).toBe(`value: ‹secret:${name}› end`);
  });

  it('keeps the label of a labelled AWS secret key and of a Bearer token', () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    expect(redactor.redact(`aws_secret_access_key = ${secret}`)).toBe(
      'aws_secret_access_key = ‹secret:aws-secret-key›',
    );
    expect(redactor.redact(`AWS_SECRET_ACCESS_KEY="${secret}"`)).toBe(
      'AWS_SECRET_ACCESS_KEY="‹secret:aws-secret-key›"',
    );
    expect(redactor.redact('Authorization: Bearer abc.def-ghi_jkl~mno123')).toBe(
      'Authorization: Bearer ‹secret:bearer-token›',
    );
  });

  it('masks a PEM private key block, and one cut off before its END line', () => {
    const block = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nabc+/=\n-----END RSA PRIVATE KEY-----';
    expect(redactor.redact(`x\n${block}\ny`)).toBe('x\n‹secret:private-key›\ny');
    expect(redactor.redact('-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n')).toBe(
      '‹secret:private-key›',
    );
    const inJson = JSON.stringify({
      file_text: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkq\nhkiG9w0BAQEF',
    });
    expect(redactor.redact(inJson)).toBe('{"file_text":"‹secret:private-key›"}');
  });

  it('names a configured key by its own name even when it also fits a pattern', () => {
    const openai = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';
    expect(createRedactor([{ name: 'LLM_API_KEY', value: openai }]).redact(openai)).toBe(
      '‹secret:LLM_API_KEY›',
    );
  });

  it('leaves ordinary text, short values and words that merely contain sk- alone', () => {
    const text = 'task-management-and-risk-assessment-framework ran fine; ask-me-anything-tomorrow-please';
    expect(redactor.redact(text)).toBe(text);
    expect(createRedactor([{ name: 'SHORT', value: 'abc' }]).redact('abc abc')).toBe('abc abc');
  });

  it("leaves a key's shape inside a data URL's base64 alone (chance, in an image), but not an exact value", () => {
    const shape = `AIza${'Q'.repeat(35)}`;
    const image = `data:image/png;base64,iVBORw0KGgo${shape}AAAA+/==`;
    expect(redactor.redact(`look: ${image} done`)).toBe(`look: ${image} done`);
    expect(redactor.redact(`{"image_urls":["${image}"]}`)).toBe(`{"image_urls":["${image}"]}`);
    // The same shape outside the base64 body is masked, as is one after the URL.
    expect(redactor.redact(`key ${shape}`)).toBe('key ‹secret:google-api-key›');
    expect(redactor.redact(`${image} ${shape}`)).toBe(`${image} ‹secret:google-api-key›`);
    // A configured value is masked wherever it is, even where an image would then break.
    const stored = 'Zm9vYmFyc2VjcmV0a2V5MTIzNDU2';
    const withExact = createRedactor([{ name: 'TOKEN', value: stored }]);
    expect(withExact.redact(`data:image/png;base64,AAAA${stored}AAAA`)).toBe(
      'data:image/png;base64,AAAA‹secret:TOKEN›AAAA',
    );
    // An exact value that overlaps a chance shape is still found.
    const overlapping = createRedactor([{ name: 'TOKEN', value: `Qs${stored}` }]);
    expect(overlapping.redact(`data:image/png;base64,AIza${'Q'.repeat(33)}Qs${stored}`)).toBe(
      `data:image/png;base64,AIza${'Q'.repeat(33)}‹secret:TOKEN›`,
    );
  });

  it('is idempotent and every placeholder is found by SECRET_PLACEHOLDER_PATTERN', () => {
    const once = redactor.redact(`${KEY} ghp_abcdefghijklmnopqrstuvwxyz0123456789`);
    expect(redactor.redact(once)).toBe(once);
    expect([...once.matchAll(SECRET_PLACEHOLDER_PATTERN)].map((match) => match[1])).toEqual([
      'LLM_API_KEY',
      'github-token',
    ]);
  });

  it('finds a key at the end of a 30,000-character terminal output (its cost is in npm run bench)', () => {
    const many = createRedactor([
      { name: 'LLM_API_KEY', value: KEY },
      { name: 'session-key', value: `${'a'.repeat(8)}0123456789abcdef0123456789abcdef` },
      { name: 'GITHUB_TOKEN', value: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' },
    ]);
    const line = 'drwxr-xr-x  2 user staff   64 Nov 29 10:00 node_modules/some-package-name/dist/index.js\n';
    const output = `${line.repeat(Math.ceil(30_000 / line.length)).slice(0, 29_900)}${KEY}\n`;
    expect(many.redact(output)).toContain('‹secret:LLM_API_KEY›');
    expect(many.redact(output)).not.toContain(KEY);
  });
});
