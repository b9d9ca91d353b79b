import type { ConversationService } from '../../runtime/conversation/conversation-service';
import type { LLMConfig } from '../../runtime/llm/llm-config';
import { createConversationService } from '../../runtime/conversation/create-conversation-service';
import type { LLM } from '../../runtime/llm/llm';
import type { SettingsStore } from '../../runtime/settings/settings-store';
import type { EventStore } from '../../runtime/store/event-store';
import { withMCPTools } from '../../runtime/mcp/with-mcp-tools';
import { createToolset } from '../../runtime/tools/create-toolset';
import { withUpstreamInfo } from '../../runtime/upstream/upstream-info';

/**
 * The real conversation service as server tests run it: settings and approval rules from the given
 * store, the given model, and tools without the sandbox (tests do not need bubblewrap), MCP servers
 * included; its answers carry upstream's fields, as the runtime's do.
 */
export function createTestService(deps: {
  store: EventStore;
  dataDir: string;
  workspace: string;
  settings: SettingsStore;
  createLLM: (config: LLMConfig) => LLM;
}): ConversationService {
  const { settings } = deps;
  return createConversationService({
    store: deps.store,
    dataDir: deps.dataDir,
    defaultWorkspace: deps.workspace,
    settings: () => settings.current(),
    addGlobalApprovalRule: (rule) => settings.addApprovalRule(rule),
    createLLM: deps.createLLM,
    createToolset: (toolsetOptions) =>
      withMCPTools(createToolset({ ...toolsetOptions, sandbox: false }), toolsetOptions.mcpServers, {
        workspaceDir: toolsetOptions.workspaceDir,
        readOnlyDir: toolsetOptions.workspaceDir,
        dataDir: deps.dataDir,
        bwrapPath: undefined,
      }),
    decorateInfo: withUpstreamInfo,
  });
}
