import { join } from 'node:path';
import { discoverSkills } from '../skills/discover-skills';
import type { ConversationMCPServer, ConversationService } from './conversation-service';
import { describeMCPSources } from './describe-mcp-sources';
import { RuntimeError } from '../errors/runtime-error';
import type { ServiceContext } from './service-context';

type ToolUseCases = Pick<
  ConversationService,
  'mcpStatus' | 'setDisabledGlobalMCPServers' | 'skills' | 'holdSandbox' | 'loadedSandbox' | 'setSecrets'
>;

/** What a conversation's agent works with: its MCP servers, skills, sandbox and secrets. */
export function createToolUseCases(context: ServiceContext): ToolUseCases {
  const { deps, registry, mcpConfigs, secrets, requireRecord } = context;

  async function mcpStatusOf(id: string): Promise<ConversationMCPServer[]> {
    await context.recovered;
    const servers = await registry.mcpStatus(id);
    return describeMCPSources(servers, mcpConfigs.get(id));
  }

  return {
    mcpStatus: (id) => mcpStatusOf(id),
    async setDisabledGlobalMCPServers(id, names) {
      await requireRecord(id);
      const global = deps.settings().mcp_servers ?? {};
      const unknown = names.filter((name) => !(name in global));
      if (unknown.length > 0)
        throw new RuntimeError(
          'unknown_mcp_server',
          `No MCP server in the settings is named ${unknown.map((name) => `"${name}"`).join(', ')}`,
        );
      const own = mcpConfigs.get(id);
      await mcpConfigs.set(id, { ...own, disabled_global: [...new Set(names)] });
      try {
        await registry.restartTools(id);
      } catch (error) {
        await mcpConfigs.set(id, own ?? {});
        throw error;
      }
      return mcpStatusOf(id);
    },
    skills: async (id) => {
      const record = await requireRecord(id);
      return discoverSkills({
        workspaceDir: record.workspace_dir,
        userSkillsDir: join(deps.dataDir, 'skills'),
        ...(record.skills ? { requestSkills: record.skills } : {}),
      });
    },
    holdSandbox: (id) => registry.holdSandbox(id),
    loadedSandbox: (id) => registry.loadedSandbox(id),
    async setSecrets(id, values) {
      await requireRecord(id);
      secrets.setConversationSecrets(id, values);
    },
  };
}
