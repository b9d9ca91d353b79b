import type { Socket } from 'node:net';
import { decideEgress } from './decide-egress';
import type { EgressTarget } from './parse-connect-target';
import { openDestination } from './open-destination';
import type { ProxyContext } from './proxy-context';

export type CheckedDestination =
  | { ok: true; socket: Socket; address: string }
  | { ok: false; status: number; reason: string };

/**
 * The policy's decision for `target`, then a connection to the address it checked (never the name
 * again). Shared by CONNECT tunnels and forwarded plain-HTTP requests. Never rejects.
 */
export async function openCheckedDestination(
  target: EgressTarget,
  context: ProxyContext,
): Promise<CheckedDestination> {
  const decision = await decideEgress(target, context.policy);
  if (!decision.allowed) return { ok: false, status: decision.status, reason: decision.reason };
  const destination = await openDestination(
    context.connect,
    target.host,
    decision.address,
    target.port,
    context.connectTimeoutMs,
  );
  if (!destination.connected) return { ok: false, status: destination.status, reason: destination.reason };
  return { ok: true, socket: destination.socket, address: decision.address.address };
}
