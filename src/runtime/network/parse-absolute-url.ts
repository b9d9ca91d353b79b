import type { EgressTarget } from './parse-connect-target';
import { normalizeHost } from './normalize-host';

export interface AbsoluteUrlTarget extends EgressTarget {
  /** Origin-form path and query to send to the destination, e.g. `/simple/?q=1`. */
  path: string;
  /** Value for the Host header sent to the destination: the port only when it is not 80. */
  hostHeader: string;
}

/**
 * The target of a plain-HTTP proxy request (`GET http://host[:port]/path`). Only `http:`: HTTPS goes
 * through CONNECT, and an origin-form path (`GET /`) means the client did not mean to use a proxy.
 * User info in the URL is dropped, never forwarded. Undefined for anything else (the proxy answers 400).
 */
export function parseAbsoluteUrl(requestTarget: string): AbsoluteUrlTarget | undefined {
  if (!/^http:\/\//i.test(requestTarget)) return undefined;
  let url: URL;
  try {
    url = new URL(requestTarget);
  } catch {
    return undefined; // not a URL at all: the caller answers 400
  }
  const host = normalizeHost(url.hostname);
  if (host === undefined) return undefined;
  const port = url.port === '' ? 80 : Number(url.port);
  const bracketed = host.includes(':') ? `[${host}]` : host;
  return {
    host,
    port,
    path: `${url.pathname}${url.search}`,
    hostHeader: port === 80 ? bracketed : `${bracketed}:${port}`,
  };
}
