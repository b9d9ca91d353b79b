/** Checks of command-line values that both commands (the workbench and `agent-server`) share. Pure. */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase());
}

/** Returns the port, or an error message. */
export function parsePort(flag: string, raw: string | undefined, fallback: number): number | string {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) return `${flag} must be a whole number from 1 to 65535, got "${raw}"`;
  const port = Number(raw);
  if (port < 1 || port > 65535) return `${flag} must be from 1 to 65535, got ${raw}`;
  return port;
}

export function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** A postgres:// or postgresql:// URL (what node-postgres connects to). */
export function isPostgresUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
  } catch {
    return false;
  }
}

/** The usage error for a database URL that is not one; never repeats it (it may hold a password). */
export function databaseUrlError(source: string): string {
  return `${source} must be a postgres:// or postgresql:// URL`;
}
