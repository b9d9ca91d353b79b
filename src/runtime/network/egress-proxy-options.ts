import type { Socket } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** DNS for one host name; may reject (the proxy answers 502). Default: `dns.lookup(host, { all: true })`. */
export type ResolveHost = (host: string) => Promise<ResolvedAddress[]>;

/** Opens the TCP connection to the destination, at an address the proxy already checked. Default: `net.connect`. */
export type ConnectDestination = (target: { address: string; family: 4 | 6; port: number }) => Socket;

/** One line per tunnel or forwarded request, emitted once when it is refused, fails or ends. */
export interface EgressLogEntry {
  kind: 'connect' | 'request';
  host: string;
  port: number;
  outcome: 'allowed' | 'refused' | 'failed';
  /** HTTP status the client saw (200 for an established tunnel). */
  status: number;
  reason?: string;
  /** The address actually connected to, after the checks. */
  address?: string;
  bytesSent?: number;
  bytesReceived?: number;
  durationMs: number;
}

export interface EgressProxyOptions {
  /** Path of the Unix socket to listen on; its directory should be 0700 (see `prepareProxySocketPath`). */
  socketPath: string;
  /**
   * Which hosts are reachable. Called on every request with the normalized host, so it can read a
   * setting that changes while the proxy runs. Takes precedence over `allowlist`; one of them is required.
   */
  allowDomain?: (host: string) => boolean;
  /**
   * Read on every request: a reason refuses everything with it (the conversation's network switch is
   * off), undefined lets the other rules decide.
   */
  refuseAll?: () => string | undefined;
  /** Entries as `matchesAllowlist` reads them, e.g. `DEFAULT_ALLOWLIST`. */
  allowlist?: readonly string[];
  /** Default [80, 443]. */
  allowedPorts?: readonly number[];
  resolve?: ResolveHost;
  connect?: ConnectDestination;
  /**
   * Exempts a resolved address from the private-address rule. For tests against 127.0.0.1 and for an
   * intranet mirror someone allowlisted on purpose; never set it from anything the agent controls.
   */
  allowAddress?: (address: string) => boolean;
  log?: (entry: EgressLogEntry) => void;
  /** Connect timeout towards the destination. Default 10 000 ms. */
  connectTimeoutMs?: number;
  /** A tunnel or request with no bytes either way for this long is closed. Default 120 000 ms. */
  idleTimeoutMs?: number;
  /** Tunnels plus forwarded requests open at once; more get 503. Default 64. */
  maxConnections?: number;
}
