/**
 * A fresh id for a sent message: the runtime appends a message once per id, the UI reconciles by it.
 * crypto.randomUUID exists only in secure contexts; with --public over plain HTTP getRandomValues still does.
 */
export function newClientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `ui-${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
