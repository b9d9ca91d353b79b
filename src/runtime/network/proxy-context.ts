import type { ConnectDestination, EgressLogEntry } from './egress-proxy-options';
import type { EgressPolicy } from './decide-egress';

/** What the CONNECT and plain-HTTP handlers share; built once per proxy by `createEgressProxy`. */
export interface ProxyContext {
  policy: EgressPolicy;
  connect: ConnectDestination;
  log: (entry: EgressLogEntry) => void;
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  /** Takes one of the limited slots; false when all are in use (answer 503). Pair with `release`. */
  tryAcquire: () => boolean;
  release: () => void;
}
