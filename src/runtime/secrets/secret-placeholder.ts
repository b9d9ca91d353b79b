/**
 * What a redacted secret becomes: `‹secret:NAME›` (U+2039, U+203A). One stable format so the UI can
 * find masked spans with SECRET_PLACEHOLDER_PATTERN and a re-redaction leaves it unchanged (the
 * placeholder matches no secret pattern). NAME is the registered name (`LLM_API_KEY`,
 * `session-key`, a conversation secret's name) or the kind of token a pattern found (`openai-key`).
 */
export function secretPlaceholder(name: string): string {
  return `‹secret:${safeSecretName(name)}›`;
}

/** Finds placeholders; group 1 is the name. Global: reset `lastIndex` or use matchAll. */
export const SECRET_PLACEHOLDER_PATTERN = /‹secret:([A-Za-z0-9_.-]{1,100})›/g;

/** Names keep to the characters the pattern accepts, so every placeholder can be found again. */
export function safeSecretName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 100);
  return cleaned === '' ? 'secret' : cleaned;
}
