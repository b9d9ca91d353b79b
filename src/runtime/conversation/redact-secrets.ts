import { createRedactor } from '../secrets/create-redactor';
import { redactDeep } from '../secrets/redact-deep';

/**
 * Redaction for callers that hold bare values rather than the runtime's SecretRegistry: the same
 * matching (exact values in their base64, base64url and URL-encoded spellings, plus the common key
 * patterns), each exact value shown as `‹secret:secret›`. Prefer SecretRegistry, which names them.
 */
export function redactText(text: string, secrets: readonly string[]): string {
  return createRedactor(secrets.map((value) => ({ name: 'secret', value }))).redact(text);
}

/** Deep copy of a JSON value with every string redacted (the same object when nothing changed). */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  const redactor = createRedactor(secrets.map((secret) => ({ name: 'secret', value: secret })));
  return redactDeep(value, redactor.redact);
}
