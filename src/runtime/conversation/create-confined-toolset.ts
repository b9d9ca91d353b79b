import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { withMCPTools } from '../mcp/with-mcp-tools';
import { createSandboxPreview } from '../network/sandbox-preview';
import { startConversationNetwork } from '../network/start-conversation-network';
import { expandHome, type SandboxSettings } from '../sandbox/sandbox-settings';
import { createToolset } from '../tools/create-toolset';
import { locateBwrapOnPath, sandboxStatus } from '../sandbox/bubblewrap/sandbox-status';
import type { Toolset } from '../tools/tool';
import type { DockerSandboxes } from '../sandbox/docker/docker-sandboxes';
import type { ToolsetRequest } from './conversation-service-deps';

export interface ConfinedToolsetDeps {
  dataDir: string;
  /** Read when the toolset is made (paths, limits) and on every proxied request (the allowlist). */
  sandboxSettings: () => SandboxSettings;
  home?: string;
  /** The runtime's docker side, asked for only by a docker conversation (its commands run in its container). */
  docker?: () => DockerSandboxes;
}

/**
 * The production tools of one conversation: the terminal in its sandbox with the data dir, the
 * credential folders and the settings' deny list hidden, the settings' limits, and the conversation's
 * egress proxy as its only way out (refusing everything while the network switch is off), and the
 * tools of its MCP servers, stdio ones started in the same sandbox behind the same proxy (a docker
 * conversation's in its container).
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
  const denyPaths = settings.deny_paths.map((path) => expandHome(path, home));
  const limits = { maxProcesses: settings.max_processes, maxMemoryMb: settings.max_memory_mb };
  const backend = dockerOf(deps, request)?.backend({
    conversationId: request.conversationId,
    ...(request.sandbox?.kind === 'docker' ? { image: request.sandbox.image } : {}),
    workspaceDir: request.workspaceDir,
    exposedPaths: [request.observationsDir],
    network: network.sandbox,
    limits,
    cpus: settings.max_cpus,
    denyPaths,
  });
  const builtIn = createToolset({
    conversationId: request.conversationId,
    workspaceDir: request.workspaceDir,
    observationsDir: request.observationsDir,
    dataDir: deps.dataDir,
    denyPaths,
    limits,
    network: network.sandbox,
    ...(backend === undefined ? {} : { backend }),
    userSkillsDir: join(deps.dataDir, 'skills'),
    ...(request.requestSkills ? { requestSkills: request.requestSkills } : {}),
    ...(request.secretEnv === undefined ? {} : { secretEnv: request.secretEnv }),
    ...(request.recordPersonCommand === undefined
      ? {}
      : { recordPersonCommand: request.recordPersonCommand }),
  });
  const agentSandbox = builtIn.sandbox;
  // Ports are looked at, never a reason to start the agent's shell: a preview of nothing says so.
  const preview = createSandboxPreview({ networkMember: async () => agentSandbox?.networkMember(false) });
  const sandbox = sandboxStatus(process.env);
  // bwrap shows the outputs folder read-only to a stdio server, so it must exist before one starts.
  if (request.mcpServers && Object.keys(request.mcpServers).length > 0)
    mkdirSync(request.observationsDir, { recursive: true, mode: 0o700 });
  const toolset = withMCPTools(
    builtIn,
    request.mcpServers,
    {
      workspaceDir: request.workspaceDir,
      readOnlyDir: request.observationsDir,
      dataDir: deps.dataDir,
      homeDir: home,
      bwrapPath: sandbox.kind === 'sandboxed' ? locateBwrapOnPath(process.env) : undefined,
      denyPaths,
      network: network.sandbox,
      // A docker conversation's servers run in its container, killed with its tools.
      ...(backend?.startPiped ? { startPiped: backend.startPiped.bind(backend) } : {}),
    },
    // Never unconfined by accident: only a sandbox turned off on purpose runs servers without it.
    backend === undefined && sandbox.kind === 'missing' ? { refuseStdio: sandbox.detail } : {},
  );
  return {
    get tools() {
      return toolset.tools;
    },
    get: (name) => toolset.get(name),
    ready: () => toolset.ready(),
    takeNotices: () => toolset.takeNotices(),
    mcpStatus: () => toolset.mcpStatus(),
    ...(agentSandbox === undefined ? {} : { sandbox: { ...agentSandbox, preview } }),
    async close() {
      try {
        await preview.close();
        await toolset.close();
      } finally {
        await network.close();
      }
    },
  };
}

/** The docker side for a docker conversation; undefined for a bubblewrap one. Never bubblewrap instead of docker. */
function dockerOf(deps: ConfinedToolsetDeps, request: ToolsetRequest): DockerSandboxes | undefined {
  if (request.sandbox?.kind !== 'docker') return undefined;
  if (deps.docker === undefined) throw new Error('a docker conversation needs the docker sandboxes');
  return deps.docker();
}
