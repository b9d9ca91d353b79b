/**
 * DNS-rebinding and cross-site protection for the ingress (CONTRACT §2). Pure functions over headers.
 */

/** The Host header values the ingress accepts: loopback names with our port, plus --host when public. */
export function allowedHostHeaders(options: { host: string; port: number; public: boolean }): Set<string> {
  const { host, port } = options;
  const names = ['localhost', '127.0.0.1', '[::1]'];
  if (options.public) names.push(host.includes(':') ? `[${host}]` : host);
  return new Set(names.map((name) => `${name.toLowerCase()}:${port}`));
}

export function isAllowedHost(hostHeader: string | undefined, allowed: ReadonlySet<string>): boolean {
  return hostHeader !== undefined && allowed.has(hostHeader.toLowerCase());
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** WebSocket upgrades and state-changing requests must come from our own page when they say where from. */
export function needsOriginCheck(method: string | undefined, isUpgrade: boolean): boolean {
  return isUpgrade || !SAFE_METHODS.has((method ?? 'GET').toUpperCase());
}

/**
 * An absent Origin is allowed (curl, scripts, same-origin GETs); a present one must be
 * http(s)://<the Host header we already accepted>. 'null' (sandboxed frames, file://) is refused.
 */
export function isAllowedOrigin(originHeader: string | undefined, hostHeader: string | undefined): boolean {
  if (originHeader === undefined) return true;
  if (hostHeader === undefined) return false;
  let origin: URL;
  try {
    origin = new URL(originHeader);
  } catch {
    return false;
  }
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:') return false;
  const defaultPort = origin.protocol === 'http:' ? '80' : '443';
  const originHost = `${origin.hostname}:${origin.port || defaultPort}`.toLowerCase();
  return originHost === hostHeader.toLowerCase();
}
