/**
 * A browser connection the launcher's ingress hands to the one runtime's process, over the IPC
 * channel it spawned it with, to be served there for the rest of its life (docs/ARCHITECTURE.md,
 * "Why these choices"). The socket travels as the message's handle; this is the rest of it, in JSON.
 */
export interface HandedConnectionMessage {
  kind: typeof HANDED_CONNECTION;
  /** The bytes the ingress read from the connection and did not send anywhere (base64): read them first. */
  unread: string;
  /** The Host headers the ingress accepts (ingress-guards.ts): every request on the connection is held to them. */
  hosts: string[];
  /** The ingress's --allow-origin origins, for the same Origin check as the ingress's. */
  allowOrigins: string[];
  /**
   * The ingress's door for the workbench's own processes (a Unix socket in the data dir): a later
   * request on the connection that is not the runtime's goes back there, to be answered as if it had
   * come to the ingress's port.
   */
  ingressSocketPath: string;
}

export const HANDED_CONNECTION = 'agent-workbench:connection';

/** A message of that shape (anything else on the channel is ignored). Pure. */
export function isHandedConnectionMessage(value: unknown): value is HandedConnectionMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<HandedConnectionMessage>;
  return (
    message.kind === HANDED_CONNECTION &&
    typeof message.unread === 'string' &&
    isStringArray(message.hosts) &&
    isStringArray(message.allowOrigins) &&
    typeof message.ingressSocketPath === 'string'
  );
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}
