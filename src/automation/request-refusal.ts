import type { IncomingHttpHeaders } from 'node:http';
import { hostHeadersFor, LOOPBACK_HOST_NAMES, originHost } from '../client/origin-host';

/**
 * The runtime's Host and Origin rule, applied to the automation service (it binds a loopback port as
 * the runtime does, and a page on another local port would otherwise reach it): the Host must name
 * this port on a loopback name (the ingress proxies with the backend's own Host), and a present Origin
 * must be one of the ingress's pages. Webhooks are called by other programs, sometimes from a browser
 * elsewhere: their token is their guard, so the Origin is not checked there. Pure.
 */
export function requestRefusal(
  headers: IncomingHttpHeaders,
  rule: { port: number; allowedOrigins: ReadonlySet<string>; isWebhook: boolean },
): string | undefined {
  const host = headers.host?.toLowerCase();
  if (host === undefined || !hostHeadersFor(LOOPBACK_HOST_NAMES, rule.port).has(host)) {
    return 'Forbidden: unexpected Host header';
  }
  const origin = headers.origin;
  if (rule.isWebhook || origin === undefined) return undefined;
  const originHostPort = originHost(origin);
  return originHostPort !== undefined && rule.allowedOrigins.has(originHostPort)
    ? undefined
    : 'Forbidden: cross-origin request';
}

/** `http://a:1,http://b:2` (AGENT_WORKBENCH_ALLOWED_ORIGINS) as the host:port of each origin. */
export function parseOrigins(text: string | undefined): Set<string> {
  const hosts = (text ?? '').split(',').map((entry) => originHost(entry.trim()));
  return new Set(hosts.filter((host): host is string => host !== undefined));
}
