/**
 * A token shape that is a secret wherever it appears. `source` is a RegExp source without flags
 * (case-insensitive parts are spelled with classes, because all patterns share one compiled regex);
 * it must not contain capturing groups. `keepPrefix` is the part of a match that stays visible (the
 * label of a labelled secret, `Bearer `), so the text still reads.
 */
export interface SecretPattern {
  name: string;
  source: string;
  keepPrefix?: RegExp;
}

/** `aws_secret_access_key` in any case, for the one regex all patterns share. */
function anyCase(word: string): string {
  return [...word]
    .map((char) => (/[a-z]/i.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char))
    .join('');
}

/** Not part of a longer word: a token's left edge, checked after its literal prefix for speed. */
const notInWord = (prefix: string) => `(?<![A-Za-z0-9_-]${prefix})`;

/**
 * Common key formats. Order matters where shapes overlap: Anthropic before OpenAI (both `sk-`).
 * Each starts with a literal, so the shared regex skips ahead quickly over ordinary text.
 */
export const SECRET_PATTERNS: readonly SecretPattern[] = [
  { name: 'anthropic-key', source: `sk-ant-${notInWord('sk-ant-')}[A-Za-z0-9_-]{20,}` },
  { name: 'openai-key', source: `sk-${notInWord('sk-')}(?:proj-)?[A-Za-z0-9_-]{20,}` },
  { name: 'github-token', source: 'gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}' },
  { name: 'aws-access-key-id', source: '(?:AKIA|ASIA)[0-9A-Z]{16}(?![0-9A-Z])' },
  {
    name: 'aws-secret-key',
    source: `${anyCase('aws_secret_access_key')}["']?\\s*[=:]\\s*["']?[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])`,
    keepPrefix: /^aws_secret_access_key["']?\s*[=:]\s*["']?/i,
  },
  { name: 'slack-token', source: 'xox[abprs]-[A-Za-z0-9-]{10,}' },
  { name: 'google-api-key', source: 'AIza[0-9A-Za-z_-]{35}' },
  { name: 'jwt', source: 'eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}' },
  {
    // A whole block, or (output cut off before the END line) everything that still looks like its body,
    // also inside JSON text, where its line breaks are written `\n`.
    name: 'private-key',
    source:
      '-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?:[\\s\\S]*?-----END [A-Z0-9 ]*PRIVATE KEY-----|[A-Za-z0-9+/=\\s:,\\\\-]*)',
  },
  {
    name: 'bearer-token',
    source: `${anyCase('bearer')}\\s+[A-Za-z0-9._~+/=-]{16,}`,
    keepPrefix: /^bearer\s+/i,
  },
];
