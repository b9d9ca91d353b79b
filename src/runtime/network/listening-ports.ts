import { readFileSync } from 'node:fs';
import { BRIDGE_ADDRESS } from '../sandbox/sandbox-network';

/** TCP_LISTEN in /proc/net/tcp's `st` column. */
const LISTEN_STATE = '0A';
/** The egress proxy bridge's own port: the agent's way out, never an app to preview. */
const BRIDGE_PORT = Number(new URL(BRIDGE_ADDRESS).port);

/**
 * The TCP ports something listens on in one `/proc/<pid>/net/tcp` or `tcp6` text, ascending and each
 * once, whatever the address (loopback or any). Lines that do not parse are skipped.
 */
export function parseListeningPorts(procNetTcp: string): number[] {
  const ports = new Set<number>();
  for (const line of procNetTcp.split('\n').slice(1)) {
    const columns = line.trim().split(/\s+/);
    const local = columns[1];
    if (columns[3] !== LISTEN_STATE || local === undefined) continue;
    const port = Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16);
    if (Number.isInteger(port) && port > 0 && port <= 65_535) ports.add(port);
  }
  return [...ports].sort((left, right) => left - right);
}

/**
 * The ports listened on in the network namespace of host process `pid` (a sandbox's), read from its
 * `/proc/<pid>/net/tcp{,6}`: two small file reads, no process started. The proxy bridge's port is left
 * out. Empty when the process is gone. Never throws.
 */
export function readListeningPorts(pid: number): number[] {
  const texts = ['tcp', 'tcp6'].map((file) => {
    try {
      return readFileSync(`/proc/${pid}/net/${file}`, 'utf8');
    } catch {
      // the process ended (or has no IPv6): nothing listens there
      return '';
    }
  });
  const ports = new Set(texts.flatMap(parseListeningPorts));
  ports.delete(BRIDGE_PORT);
  return [...ports].sort((left, right) => left - right);
}
