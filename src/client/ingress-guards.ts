/**
 * DNS-rebinding and cross-site protection for the ingress (CONTRACT §2). Pure functions over headers;
 * the Host/Origin spelling rules are shared with the runtime through src/client/origin-host.
 */
import { hostHeadersFor, LOOPBACK_HOST_NAMES, originHost } from './origin-host';

/** The Host header values the ingress accepts: loopback names with our port, plus --host when public. */
export function allowedHostHeaders(options: { host: string; port: number; public: boolean }): Set<string> {
  const names = [...LOOPBACK_HOST_NAMES];
  if (options.public) names.push(options.host);
  return hostHeadersFor(names, options.port);
}

/** The origins a page served by this ingress has, e.g. for the runtime's AGENT_WORKBENCH_ALLOWED_ORIGINS. */
export function allowedOrigins(allowedHosts: ReadonlySet<string>): string[] {
  return [...allowedHosts].map((host) => `http://${host}`);
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
 * http(s)://<the Host header we already accepted>, or exactly one of `extraOrigins` (--allow-origin,
 * normalised by parseAllowOrigins). 'null' (sandboxed frames, file://) is refused.
 */
export function isAllowedOrigin(
  originHeader: string | undefined,
  hostHeader: string | undefined,
  extraOrigins: readonly string[] = [],
): boolean {
  if (originHeader === undefined) return true;
  if (isExtraOrigin(originHeader, extraOrigins)) return true;
  if (hostHeader === undefined) return false;
  return originHost(originHeader) === hostHeader.toLowerCase();
}

/** The Origin header names exactly one of the --allow-origin origins (scheme, host and port). */
function isExtraOrigin(originHeader: string, extraOrigins: readonly string[]): boolean {
  if (extraOrigins.length === 0) return false;
  let origin: string;
  try {
    origin = new URL(originHeader).origin;
  } catch {
    return false;
  }
  // A header with more than an origin (a path, a user name) is not one, whatever URL makes of it.
  return origin !== 'null' && origin === originHeader.toLowerCase() && extraOrigins.includes(origin);
}
