import { createRedactor, type NamedSecret } from './create-redactor';
import { redactDeep } from './redact-deep';

/**
 * Redaction for callers that hold bare values rather than the runtime's SecretRegistry (a provider's
 * error message that echoes the key it refused): the same matching (exact values in their base64,
 * base64url and URL-encoded spellings, plus the common key patterns) and the same placeholder,
 * `‹secret:NAME›` (a bare value is named `secret`). Prefer SecretRegistry, which names them all.
 */
export function redactText(text: string, secrets: readonly (string | NamedSecret)[]): string {
  return createRedactor(
    secrets.map((secret) => (typeof secret === 'string' ? { name: 'secret', value: secret } : secret)),
  ).redact(text);
}

/** Deep copy of a JSON value with every string redacted (the same object when nothing changed). */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  const redactor = createRedactor(secrets.map((secret) => ({ name: 'secret', value: secret })));
  return redactDeep(value, redactor.redact);
}
