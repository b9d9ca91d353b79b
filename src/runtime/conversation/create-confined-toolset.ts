import { homedir } from 'node:os';
import { join } from 'node:path';
import { startConversationNetwork } from '../network/start-conversation-network';
import { expandHome, type SandboxSettings } from '../settings/sandbox-settings';
import { createToolset } from '../tools/create-toolset';
import type { Toolset } from '../tools/tool';
import type { ToolsetRequest } from './conversation-service-deps';

export interface ConfinedToolsetDeps {
  dataDir: string;
  /** Read when the toolset is made (paths, limits) and on every proxied request (the allowlist). */
  sandboxSettings: () => SandboxSettings;
  home?: string;
}

/**
 * The production tools of one conversation: the terminal in its sandbox with the data dir, the
 * credential folders and the settings' deny list hidden, the settings' limits, and the conversation's
 * egress proxy as its only way out (refusing everything while the network switch is off).
 */
export function createConfinedToolset(deps: ConfinedToolsetDeps, request: ToolsetRequest): Toolset {
  const settings = deps.sandboxSettings();
  const home = deps.home ?? homedir();
  const network = startConversationNetwork({
    dataDir: deps.dataDir,
    conversationId: request.conversationId,
    enabled: request.networkEnabled,
    allowlist: () => deps.sandboxSettings().network_allowlist,
  });
  const toolset = createToolset({
    conversationId: request.conversationId,
    workspaceDir: request.workspaceDir,
    observationsDir: request.observationsDir,
    dataDir: deps.dataDir,
    denyPaths: settings.deny_paths.map((path) => expandHome(path, home)),
    limits: { maxProcesses: settings.max_processes, maxMemoryMb: settings.max_memory_mb },
    network: network.sandbox,
    userSkillsDir: join(deps.dataDir, 'skills'),
    ...(request.secretEnv === undefined ? {} : { secretEnv: request.secretEnv }),
  });
  return {
    tools: toolset.tools,
    get: (name) => toolset.get(name),
    async close() {
      try {
        await toolset.close();
      } finally {
        await network.close();
      }
    },
  };
}
