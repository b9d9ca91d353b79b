import { isIPv6 } from 'node:net';
import { normalizeHost } from './normalize-host';

export interface EgressTarget {
  /** Normalized: lower case, no trailing dot, IPv6 without brackets. */
  host: string;
  port: number;
}

/**
 * The authority of a `CONNECT host:port` request line. IPv6 literals must be bracketed
 * (`[::1]:443`); the port is required. Undefined for anything else, which the proxy answers with 400.
 */
export function parseConnectTarget(authority: string): EgressTarget | undefined {
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(authority);
  if (match === null) return undefined;
  const [, rawHost = '', rawPort = ''] = match;
  if (rawHost.startsWith('[') && !isIPv6(rawHost.slice(1, -1))) return undefined;
  const host = normalizeHost(rawHost);
  const port = Number(rawPort);
  if (host === undefined || port < 1 || port > 65535) return undefined;
  return { host, port };
}
