import { type Classification, works, refused, NO_OP_CLOSE, R, all } from './classification';
import { TESTS } from './conformance-tests';

/** The clients of the agent server's other services: bash, files, server, tools, hooks, MCP, workspaces, profiles, settings, skills, plugins, LLM metadata, sharing, VS Code, desktop. */
export const SERVICE_CLIENT_INVENTORY: Record<string, Record<string, Classification>> = {
  BashClient: {
    ...all(
      [
        'startCommand',
        'executeCommand',
        'searchEvents',
        'getEvent',
        'getEvents',
        'batchGetEvents',
        'clearEvents',
      ],
      works(TESTS.bash),
    ),
    close: NO_OP_CLOSE,
  },
  FileClient: {
    uploadFile: works(TESTS.files),
    uploadTextFile: works(TESTS.files),
    downloadFile: works(TESTS.files),
    downloadTextFile: works(TESTS.files),
    getHome: works(TESTS.picker),
    searchSubdirectories: works(TESTS.picker),
    downloadTrajectory: works(TESTS.savedWorkspaces),
    close: NO_OP_CLOSE,
  },
  ServerClient: {
    getAlive: works(TESTS.probes),
    getHealth: works(TESTS.probes),
    getReady: works(TESTS.probes),
    getServerInfo: works(TESTS.probes),
    getRoot: refused(R.root),
    close: NO_OP_CLOSE,
  },
  ToolClient: { listTools: works(TESTS.tools), close: NO_OP_CLOSE },
  HooksClient: { loadHooks: refused(R.hooks), close: NO_OP_CLOSE },
  MCPClient: {
    ...all(['testServer', 'startOAuth', 'getOAuthStatus', 'submitOAuthCallback'], refused(R.mcp)),
    close: NO_OP_CLOSE,
  },
  WorkspacesClient: {
    ...all(
      ['listWorkspaces', 'addWorkspaces', 'deleteWorkspace', 'addWorkspaceParents', 'deleteWorkspaceParent'],
      works(TESTS.savedWorkspaces),
    ),
    close: NO_OP_CLOSE,
  },
  AgentProfilesClient: {
    ...all(
      [
        'listAgentProfiles',
        'getAgentProfile',
        'saveAgentProfile',
        'deleteAgentProfile',
        'renameAgentProfile',
        'activateAgentProfile',
      ],
      works(TESTS.agentProfiles),
    ),
    materializeAgentProfile: refused(R.materialize),
    close: NO_OP_CLOSE,
  },
  ProfilesClient: {
    ...all(
      [
        'listProfiles',
        'getProfile',
        'saveProfile',
        'deleteProfile',
        'renameProfile',
        'activateProfile',
        'validateProfile',
      ],
      works(TESTS.profiles),
    ),
    close: NO_OP_CLOSE,
  },
  MetaProfilesClient: {
    ...all(
      ['listMetaProfiles', 'getMetaProfile', 'saveMetaProfile', 'deleteMetaProfile', 'activateMetaProfile'],
      refused(R.profiles),
    ),
    close: NO_OP_CLOSE,
  },
  SettingsClient: {
    ...all(
      [
        'getAgentSchema',
        'getSettings',
        'updateSettings',
        'createMcpServer',
        'patchMcpServer',
        'deleteMcpServer',
        'getConversationSchema',
        'listProfiles',
        'getProfile',
        'saveProfile',
        'deleteProfile',
        'renameProfile',
      ],
      refused(R.settings),
    ),
    listSecrets: works(TESTS.savedSecrets),
    upsertSecret: works(TESTS.savedSecrets),
    deleteSecret: works(TESTS.savedSecrets),
    getSecret: refused(R.secretValue),
    close: NO_OP_CLOSE,
  },
  SkillsClient: {
    ...all(
      [
        'getSkills',
        'syncSkills',
        'installSkill',
        'listInstalledSkills',
        'getInstalledSkill',
        'toggleSkill',
        'uninstallSkill',
        'refreshSkill',
        'getMarketplace',
      ],
      refused(R.skills),
    ),
    close: NO_OP_CLOSE,
  },
  PluginsClient: {
    ...all(
      [
        'getPlugins',
        'getPluginsMarketplace',
        'installPlugin',
        'listInstalledPlugins',
        'getInstalledPlugin',
        'setPluginEnabled',
        'uninstallPlugin',
        'refreshPlugin',
      ],
      refused(R.skills),
    ),
    close: NO_OP_CLOSE,
  },
  SubAgentsClient: { getSubAgents: refused(R.skills), close: NO_OP_CLOSE },
  LLMMetadataClient: {
    ...all(
      [
        'getProviders',
        'getModels',
        'getVerifiedModels',
        'getOpenAISubscriptionModels',
        'getOpenAISubscriptionStatus',
        'startOpenAISubscriptionDeviceLogin',
        'pollOpenAISubscriptionDeviceLogin',
        'logoutOpenAISubscription',
      ],
      refused(R.llmCatalogue),
    ),
    close: NO_OP_CLOSE,
  },
  SharedClient: {
    ...all(['getSharedConversations', 'getSharedConversation', 'searchSharedEvents'], refused(R.shared)),
    close: NO_OP_CLOSE,
  },
  VSCodeClient: { getUrl: refused(R.vscode), getStatus: refused(R.vscode), close: NO_OP_CLOSE },
  DesktopClient: { getUrl: refused(R.desktop), close: NO_OP_CLOSE },
};
