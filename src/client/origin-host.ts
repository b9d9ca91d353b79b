/**
 * Pure helpers for the Host and Origin checks that both the ingress (src/cli) and the runtime
 * (src/server) make. They live here, in the one folder both may import, so the two ports agree on what
 * "the same host" means. No Node or DOM API: safe in every bundle.
 */

/** The names a loopback-bound port answers to, spelled as they appear in a Host header. */
export const LOOPBACK_HOST_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** `name:port` Host header values, lower-cased, for each name (an IPv6 literal gets brackets). */
export function hostHeadersFor(names: readonly string[], port: number): Set<string> {
  return new Set(names.map((name) => `${bracketIpv6(name).toLowerCase()}:${port}`));
}

/**
 * An Origin header as the `host:port` a Host header would carry (default port filled in), or
 * undefined for anything that is not an http(s) origin: 'null' (sandboxed frames, file://) included.
 */
export function originHost(originHeader: string): string | undefined {
  let origin: URL;
  try {
    origin = new URL(originHeader);
  } catch {
    return undefined;
  }
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:') return undefined;
  const defaultPort = origin.protocol === 'http:' ? '80' : '443';
  return `${origin.hostname}:${origin.port || defaultPort}`.toLowerCase();
}

function bracketIpv6(name: string): string {
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}
