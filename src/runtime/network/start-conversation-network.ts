import { rm } from 'node:fs/promises';
import type { SandboxNetworkOptions } from '../sandbox/sandbox-network';
import { bridgeScriptPath } from './bridge-script-path';
import { createEgressProxy } from './create-egress-proxy';
import type { EgressLogEntry } from './egress-proxy-options';
import { matchesAllowlist } from './matches-allowlist';
import { prepareProxySocketPath } from './prepare-proxy-socket-path';

export interface ConversationNetworkOptions {
  dataDir: string;
  conversationId: string;
  /** Read on every request: the conversation's network switch. */
  enabled: () => boolean;
  /** Read on every request: the allowlist in settings. */
  allowlist: () => readonly string[];
  log?: (entry: EgressLogEntry) => void;
}

export interface ConversationNetwork {
  /** What the terminal's sandbox needs: the socket to bridge to and the bridge script. */
  sandbox: SandboxNetworkOptions;
  /** Stops the proxy and removes its socket. Idempotent. */
  close(): Promise<void>;
}

/**
 * One conversation's only way out of its sandbox: an allowlisting proxy on a Unix socket that the
 * sandbox's bridge forwards to. It runs whether the switch is on or off, so switching needs no new
 * shell: while off, every request is refused with a reason the model can read. Synchronous so the
 * toolset can be made synchronously; the proxy listens a moment later (the bridge answers 502 until
 * then, and the first command is never that fast).
 */
export function startConversationNetwork(options: ConversationNetworkOptions): ConversationNetwork {
  const location = prepareProxySocketPath(options.dataDir, options.conversationId);
  const proxy = createEgressProxy({
    socketPath: location.socketPath,
    refuseAll: () =>
      options.enabled()
        ? undefined
        : 'network is off for this conversation (a person can switch it on in the conversation header)',
    allowDomain: (host) => matchesAllowlist(host, options.allowlist()),
    ...(options.log === undefined ? {} : { log: options.log }),
  });
  // Surfaced by close(); until then a failed start only means commands get the bridge's 502.
  proxy.catch(() => undefined);
  let closing: Promise<void> | undefined;
  return {
    sandbox: { proxySocketPath: location.socketPath, bridgeScriptPath },
    close() {
      closing ??= (async () => {
        await (await proxy.catch(() => undefined))?.close();
        if (location.temporary) await rm(location.directory, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
