import { hostHeadersFor, LOOPBACK_HOST_NAMES, originHost } from '../../client/origin-host';

/** The variable the launcher sets to the ingress's page origins, comma-separated. */
export const ALLOWED_ORIGINS_ENV = 'AGENT_WORKBENCH_ALLOWED_ORIGINS';

/**
 * `http://a:1, http://b:2` → each origin as scheme://host:port (default port filled in); junk entries
 * are dropped. The scheme counts: an https page on an allowed http origin's host and port is another
 * origin.
 */
export function parseAllowedOrigins(text: string | undefined): Set<string> {
  const origins = (text ?? '').split(',').map((entry) => originKey(entry.trim()));
  return new Set(origins.filter((origin): origin is string => origin !== undefined));
}

function originKey(originHeader: string): string | undefined {
  const host = originHost(originHeader);
  return host === undefined
    ? undefined
    : `${originHeader.slice(0, originHeader.indexOf(':')).toLowerCase()}://${host}`;
}

/**
 * The Host headers the runtime answers: its own port under the loopback names, plus the local
 * address the connection arrived on (a runtime bound to a LAN address is reached by it). The ingress proxies with changeOrigin, so it sends the
 * runtime's own Host too; any other name (a DNS-rebinding page, a stray proxy) is refused.
 */
export function runtimeHostHeaders(boundAddress: string, port: number): Set<string> {
  const named = boundAddress !== '' && boundAddress !== '0.0.0.0' && boundAddress !== '::';
  return hostHeadersFor(named ? [...LOOPBACK_HOST_NAMES, boundAddress] : LOOPBACK_HOST_NAMES, port);
}

/**
 * An absent Origin passes (scripts, the launcher's probes, same-origin GETs); a present one must be one
 * of the ingress's origins. 'null' and anything that is not http(s) never are.
 */
export function isAllowedRuntimeOrigin(
  originHeader: string | undefined,
  allowedOrigins: ReadonlySet<string>,
): boolean {
  if (originHeader === undefined) return true;
  const origin = originKey(originHeader);
  return origin !== undefined && allowedOrigins.has(origin);
}

/** Upgrades are answered only under /sockets/: a 101 anywhere else would hand out a socket nobody serves. */
export function isSocketPath(url: string): boolean {
  return url.startsWith('/sockets/');
}
