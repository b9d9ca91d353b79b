/**
 * Removes an API key from text that may reach a person or a log (provider error messages sometimes
 * echo the key they rejected). Also masks anything shaped like a provider key, in case the echo is
 * of a different key than the configured one.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  let result = text;
  if (secret && secret.length >= 4) result = result.split(secret).join('[redacted]');
  return result.replace(/\bsk-[A-Za-z0-9_-]{8,}/g, '[redacted]');
}
