import { isIP } from 'node:net';

/** Host names: letters, digits, hyphens, underscores (seen in real DNS), dots between labels. */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/**
 * The canonical form every rule compares: lower case, one trailing dot dropped, IPv6 without brackets.
 * Undefined when the text is neither a valid host name nor an IP literal, so nothing odd (spaces,
 * percent signs, zone ids, CR/LF) ever reaches DNS, a log line or a status line. Never throws.
 */
export function normalizeHost(host: string): string | undefined {
  let text = host.trim().toLowerCase();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  // A zone id (fe80::1%eth0) names a local interface: never a destination for the sandbox.
  if (isIP(text) !== 0) return text.includes('%') ? undefined : text;
  if (text.endsWith('.')) text = text.slice(0, -1);
  return HOST_NAME.test(text) ? text : undefined;
}
