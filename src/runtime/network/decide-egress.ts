import { isIP } from 'node:net';
import type { ResolveHost, ResolvedAddress } from './egress-proxy-options';
import type { EgressTarget } from './parse-connect-target';
import { isForbiddenAddress } from './is-forbidden-address';

export interface EgressPolicy {
  allowDomain: (host: string) => boolean;
  /** A reason to refuse every request (the network switch is off), or undefined. */
  refuseAll?: () => string | undefined;
  allowedPorts: readonly number[];
  resolve: ResolveHost;
  allowAddress: (address: string) => boolean;
}

export type EgressDecision =
  | { allowed: true; address: ResolvedAddress }
  | { allowed: false; status: 403 | 502; reason: string };

const PREFIX = 'blocked by Agent Workbench:';

/**
 * Whether the sandbox may reach `target`, and at which address: the caller must connect to that
 * address, never to the name again, so a second DNS answer (rebinding) cannot reach somewhere else.
 * Order: host allowlist (IP literals only when listed exactly), port, DNS, then every resolved
 * address against `isForbiddenAddress`. Reasons are one line of ASCII meant for the model to read.
 * Never rejects: DNS failures become a 502 decision.
 */
export async function decideEgress(target: EgressTarget, policy: EgressPolicy): Promise<EgressDecision> {
  const { host, port } = target;
  const literalFamily = isIP(host);
  const switchedOff = policy.refuseAll?.();
  if (switchedOff !== undefined) return { allowed: false, status: 403, reason: `${PREFIX} ${switchedOff}` };
  if (!policy.allowDomain(host)) {
    const reason =
      literalFamily === 0
        ? `${PREFIX} ${host} is not in the network allowlist`
        : `${PREFIX} ${host} is an IP address; only allowlisted host names are reachable`;
    return { allowed: false, status: 403, reason };
  }
  if (!policy.allowedPorts.includes(port)) {
    const ports = policy.allowedPorts.join(', ');
    return { allowed: false, status: 403, reason: `${PREFIX} port ${port} is not allowed (only ${ports})` };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses =
      literalFamily === 0
        ? await policy.resolve(host)
        : [{ address: host, family: literalFamily === 6 ? 6 : 4 }];
  } catch {
    addresses = []; // the reason below says what the model needs; the resolver's code adds nothing
  }
  const first = addresses[0];
  if (first === undefined) {
    return { allowed: false, status: 502, reason: `Agent Workbench proxy: cannot resolve ${host}` };
  }
  // Every address, not just the first: a client retrying another address must not reach a private one.
  if (addresses.some(({ address }) => isForbiddenAddress(address) && !policy.allowAddress(address))) {
    return { allowed: false, status: 403, reason: `${PREFIX} ${host} resolves to a private address` };
  }
  return { allowed: true, address: first };
}
