import type { Socket } from 'node:net';
import { decideEgress } from './decide-egress';
import type { EgressTarget } from './parse-connect-target';
import { openUpstream } from './open-upstream';
import type { ProxyContext } from './proxy-context';

export type CheckedUpstream =
  | { ok: true; socket: Socket; address: string }
  | { ok: false; status: number; reason: string };

/**
 * The policy's decision for `target`, then a connection to the address it checked (never the name
 * again). Shared by CONNECT tunnels and forwarded plain-HTTP requests. Never rejects.
 */
export async function openCheckedUpstream(
  target: EgressTarget,
  context: ProxyContext,
): Promise<CheckedUpstream> {
  const decision = await decideEgress(target, context.policy);
  if (!decision.allowed) return { ok: false, status: decision.status, reason: decision.reason };
  const upstream = await openUpstream(
    context.connect,
    target.host,
    decision.address,
    target.port,
    context.connectTimeoutMs,
  );
  if (!upstream.connected) return { ok: false, status: upstream.status, reason: upstream.reason };
  return { ok: true, socket: upstream.socket, address: decision.address.address };
}
