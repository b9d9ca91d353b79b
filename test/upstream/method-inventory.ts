/**
 * Every public method of the official `@openhands/typescript-client` (1.39.0) classes, classified:
 * - `works`: works unmodified against this runtime; `test` is the title of the conformance test that
 *   proves it (test/upstream/official-*.integration.test.ts), `via` the call in that test that reaches it
 *   when the method is not called by name (a transport or callback the client uses inside).
 * - `refused`: talks to the server, but this runtime does not serve what it needs; `reason` says why.
 * - `local`: never talks to the server (in-process policies, analyzers, caches, no-op `close`), so no
 *   server can make it work or break it.
 * method-inventory.test.ts fails when the client has a public method this file does not classify, or a
 * `works` entry whose test does not exist.
 */
export type Classification =
  | { kind: 'works'; test: string; via?: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'local'; reason: string };

/** Conformance test titles, exactly as written in the suites. */
export const TESTS = {
  createRun:
    'create → run → live events: ConversationManager.createConversation, RemoteConversation.run, startWebSocketClient, state getters, events search/count/getEvents/getEventById, getAgentFinalResponse',
  askAgent: 'askAgent answers a side question and leaves the log unchanged',
  condense: 'condense appends a condensation on demand',
  switchLlm: 'switchLlm changes the model the next run uses',
  securityAnalyzer: 'setSecurityAnalyzer sets the analyzer; null gives the pattern analyzer',
  confirmation:
    'setConfirmationPolicy(AlwaysConfirm) waits; sendConfirmationResponse accepts, rejects with rejection_source, and is a no-op with nothing pending',
  pause: 'pause during a step: status paused at once with a PauseEvent',
  secrets: 'updateSecrets: a command that echoes the secret shows it masked',
  forkNavigate: 'setTitle, fork({id, tags}) and navigateTo',
  hooks:
    'hookConfig on start and getHookConfig: a PreToolUse hook in the sandbox denies a command, recorded with rejection_source "hook"',
  manager:
    'ConversationManager: searchConversations, countConversations, getConversations, getConversation, updateConversation, loadConversation, deleteConversation',
  lowLevel:
    'ConversationClient: create, search, count, get, events, send, run, pause, confirm, policies, secrets, ask, final response, condense, switchLLM, fork, navigate, update, delete',
  transports:
    'transports: HttpClient get/post/patch/delete/request and AgentServerClient request/get/post/patch/delete',
  execute: 'RemoteWorkspace.executeCommand runs in the workspace, confined (no data dir, no session key)',
  files:
    'fileUpload/uploadText/uploadFileObject and FileClient uploads write into the workspace; fileDownload/downloadAsText/downloadAsBlob and FileClient downloads read it back; the data dir is refused',
  git: 'gitChanges/gitDiff report a temp repository’s changes',
  bash: 'BashClient: startCommand/executeCommand/searchEvents/getEvent/getEvents/batchGetEvents/clearEvents, with BashWebSocketClient events',
  probes: 'ServerClient: getAlive, getHealth, getReady, getServerInfo',
  tools: 'ToolClient.listTools lists the tools an agent can name',
  savedSecrets:
    'SettingsClient: upsertSecret, listSecrets and deleteSecret keep a saved secret, getSecret never answers its value; HttpClient and AgentServerClient put',
  picker: 'FileClient.getHome and searchSubdirectories list folders for a picker; the data dir is refused',
  savedWorkspaces:
    'WorkspacesClient saves, lists and deletes workspaces and parents (never the data dir); startWorkspaceSession opens the workspace URL; downloadTrajectory gives a zip',
  profiles:
    'ProfilesClient: saveProfile, listProfiles, getProfile, validateProfile, renameProfile, activateProfile, deleteProfile',
  agentProfiles:
    'AgentProfilesClient: saveAgentProfile, getAgentProfile, listAgentProfiles, activateAgentProfile, renameAgentProfile, deleteAgentProfile',
} as const;

const works = (test: string, via?: string): Classification => ({
  kind: 'works',
  test,
  ...(via ? { via } : {}),
});
const refused = (reason: string): Classification => ({ kind: 'refused', reason });
const local = (reason: string): Classification => ({ kind: 'local', reason });

const NO_OP_CLOSE = local(
  'close(): releases nothing on the server (the fetch transport keeps no connection)',
);

const R = {
  acp: 'ACP agents (Claude Code, Codex, Gemini CLI as the agent): not served; this runtime runs its own agent only (create answers 422 for an ACPAgent)',
  profiles:
    'profiles in a conversation and meta profiles: no switch_profile and no /api/meta-profiles (404); LLM and agent profiles are served (/api/profiles, /api/agent-profiles), the model is switched per conversation with switch_llm',
  materialize:
    'agent profile materialize (POST /api/agent-profiles/{name}/materialize): not served (404); a profile names an LLM profile and the runtime resolves it at create',
  goals: 'goal loops (/goal, /goal/stop, /goal/resume): not served (404)',
  hooks:
    "the hooks router (POST /api/hooks, reading a project's .openhands/hooks.json): not served (404); a workspace's hooks file runs only after the person accepted it in the workbench (docs/CONTRACT.md §8), hook_config on create is served",
  skills: 'skills, plugins, sub-agents and their marketplaces: not served (404)',
  mcp: "MCP server tests and OAuth: not served (404); servers come from /api/settings' mcp_servers or a conversation's agent.mcp_config",
  cloud: 'OpenHands Cloud (app.all-hands.dev) API: another service, not an agent server',
  shared: 'shared (public) conversations: an OpenHands Cloud feature, not served (404)',
  llmCatalogue:
    'LiteLLM provider/model catalogue and OpenAI subscription login (/api/llm/…): not served (404); any OpenAI, Anthropic or OpenAI-compatible model can be named',
  settings:
    "upstream's settings API (agent/conversation schemas, MCP entries, LLM profiles): not served; GET/PATCH /api/settings exist with this workbench's own shape (docs/CONTRACT.md §3)",
  secretValue:
    "a saved secret's value is never answered (GET /api/settings/secrets/{name}: 403 secret_value_withheld); a LookupSecret naming it is resolved inside the runtime",
  vscode: 'VS Code server in the sandbox: not served (404)',
  desktop: 'remote desktop (VNC) in the sandbox: not served (404)',
  knowledgeSkills:
    'activated knowledge skills: skills are not served, so the info carries none (the getter answers [])',
  root: "GET / is the workbench's page (HTML), not upstream's JSON greeting",
  browserOnly: 'browser only: saves through document/URL.createObjectURL, which Node has not',
} as const;

const POLICY = local('client-side confirmation policy object; the server is sent {kind: …} policies');
const ANALYZER = local('client-side security analyzer; the server is sent {kind: …} analyzers');
const LOCAL_CONVERSATION = local('LocalConversation: runs the agent in-process, no server involved');
const LOCAL_WORKSPACE = local('LocalWorkspace: the local machine through Node, no server involved');

function all(methods: string[], classification: Classification): Record<string, Classification> {
  return Object.fromEntries(methods.map((method) => [method, classification]));
}

export const METHOD_INVENTORY: Record<string, Record<string, Classification>> = {
  ConversationManager: {
    createConversation: works(TESTS.createRun),
    searchConversations: works(TESTS.manager),
    countConversations: works(TESTS.manager),
    getConversations: works(TESTS.manager),
    getAllConversations: works(TESTS.manager),
    getConversation: works(TESTS.manager),
    updateConversation: works(TESTS.manager),
    loadConversation: works(TESTS.manager),
    deleteConversation: works(TESTS.manager),
    ...all(
      [
        'searchACPConversations',
        'countACPConversations',
        'getACPConversations',
        'getAllACPConversations',
        'getACPConversation',
        'createACPConversation',
      ],
      refused(R.acp),
    ),
    switchProfile: refused(R.profiles),
    close: NO_OP_CLOSE,
  },
  RemoteConversation: {
    id: works(TESTS.createRun),
    state: works(TESTS.createRun),
    start: works(TESTS.createRun, 'createConversation'),
    run: works(TESTS.createRun),
    startWebSocketClient: works(TESTS.createRun),
    stopWebSocketClient: works(TESTS.createRun),
    conversationStats: works(TESTS.createRun),
    getAgentFinalResponse: works(TESTS.createRun),
    sendMessage: works(TESTS.switchLlm),
    askAgent: works(TESTS.askAgent),
    condense: works(TESTS.condense),
    switchLlm: works(TESTS.switchLlm),
    setSecurityAnalyzer: works(TESTS.securityAnalyzer),
    setConfirmationPolicy: works(TESTS.confirmation),
    sendConfirmationResponse: works(TESTS.confirmation),
    pause: works(TESTS.pause),
    updateSecrets: works(TESTS.secrets),
    setTitle: works(TESTS.forkNavigate),
    fork: works(TESTS.forkNavigate),
    navigateTo: works(TESTS.forkNavigate),
    loadHooks: refused(R.hooks),
    getHookConfig: works(TESTS.hooks),
    switchProfile: refused(R.profiles),
    switchAcpModel: refused(R.acp),
    startGoal: refused(R.goals),
    stopGoal: refused(R.goals),
    resumeGoal: refused(R.goals),
    downloadTrajectory: works(TESTS.savedWorkspaces, 'files.downloadTrajectory'),
    close: local('close(): stops the client’s own socket and transports; sends nothing'),
  },
  RemoteState: {
    id: works(TESTS.createRun, 'main.state'),
    events: works(TESTS.createRun),
    refresh: works(TESTS.createRun),
    getExecutionStatus: works(TESTS.createRun),
    getAgentStatus: works(TESTS.createRun),
    getAgent: works(TESTS.createRun),
    getWorkspace: works(TESTS.createRun),
    getPersistenceDir: works(TESTS.createRun),
    getConfirmationPolicy: works(TESTS.createRun),
    modelDump: works(TESTS.createRun),
    modelDumpJson: works(TESTS.createRun),
    createStateUpdateCallback: works(TESTS.createRun, 'startWebSocketClient'),
    updateStateFromEvent: works(TESTS.createRun, 'startWebSocketClient'),
    getActivatedKnowledgeSkills: refused(R.knowledgeSkills),
    setAgentStatus: local('setAgentStatus: always throws by design (status is the server’s)'),
  },
  RemoteEventsList: {
    search: works(TESTS.createRun),
    count: works(TESTS.createRun),
    getEventById: works(TESTS.createRun),
    getEventsById: works(TESTS.createRun),
    getEvents: works(TESTS.createRun),
    addEvent: local('addEvent: appends to the client’s own cache of socket events'),
    append: local('append: alias of addEvent (client cache)'),
    createDefaultCallback: local('createDefaultCallback: a callback filling the client cache'),
    length: local('length: size of the client cache'),
    getEvent: local('getEvent(index): reads the client cache'),
  },
  RemoteWorkspace: {
    executeCommand: works(TESTS.execute),
    fileUpload: works(TESTS.files),
    uploadText: works(TESTS.files),
    uploadFileObject: works(TESTS.files),
    fileDownload: works(TESTS.files),
    downloadAsText: works(TESTS.files),
    downloadAsBlob: works(TESTS.files),
    gitChanges: works(TESTS.git),
    gitDiff: works(TESTS.git),
    startWorkspaceSession: works(TESTS.savedWorkspaces),
    deleteWorkspaceSession: works(TESTS.savedWorkspaces),
    downloadAndSave: local(R.browserOnly),
    close: NO_OP_CLOSE,
  },
  WebSocketCallbackClient: {
    start: works(TESTS.createRun, 'startWebSocketClient'),
    stop: works(TESTS.createRun, 'stopWebSocketClient'),
  },
  BashWebSocketClient: {
    start: works(TESTS.bash),
    stop: works(TESTS.bash),
  },
  HttpClient: {
    get: works(TESTS.transports),
    post: works(TESTS.transports),
    patch: works(TESTS.transports),
    delete: works(TESTS.transports),
    request: works(TESTS.transports),
    put: works(TESTS.savedSecrets),
    close: NO_OP_CLOSE,
  },
  OpenHandsClient: {
    get: works(TESTS.transports),
    post: works(TESTS.transports),
    patch: works(TESTS.transports),
    delete: works(TESTS.transports),
    put: works(TESTS.savedSecrets, 'server.put'),
    close: NO_OP_CLOSE,
  },
  AgentServerClient: {
    request: works(TESTS.transports),
    close: NO_OP_CLOSE,
  },
  ConversationClient: {
    ...all(
      [
        'createConversation',
        'searchConversations',
        'countConversations',
        'getConversations',
        'getConversation',
        'searchEvents',
        'getEvent',
        'getEvents',
        'sendEvent',
        'getEventCount',
        'runConversation',
        'pauseConversation',
        'interruptConversation',
        'respondToConfirmation',
        'setConfirmationPolicy',
        'setSecurityAnalyzer',
        'updateSecrets',
        'askAgent',
        'getAgentFinalResponse',
        'condenseConversation',
        'switchLLM',
        'forkConversation',
        'navigateConversation',
        'updateConversation',
        'deleteConversation',
      ],
      works(TESTS.lowLevel),
    ),
    startGoal: refused(R.goals),
    stopGoal: refused(R.goals),
    resumeGoal: refused(R.goals),
    switchProfile: refused(R.profiles),
    switchAcpModel: refused(R.acp),
    close: NO_OP_CLOSE,
  },
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
  CloudClient: all(
    [
      'request',
      'startDeviceFlow',
      'pollForToken',
      'getOrganizations',
      'getCurrentApiKey',
      'getOrganizationMe',
      'getSettings',
      'getSettingsWithDerivedFields',
      'saveSettings',
      'getSettingsSchema',
      'getConversationSettingsSchema',
      'listProfiles',
      'getProfile',
      'saveProfile',
      'deleteProfile',
      'renameProfile',
      'activateProfile',
      'listSecrets',
      'createSecret',
      'updateSecret',
      'deleteSecret',
      'listSkills',
      'searchRepositories',
      'getInstallations',
      'getRepositoryBranches',
      'getSuggestedTasks',
      'searchModels',
      'searchProviders',
      'searchConversations',
      'getConversations',
      'createConversation',
      'downloadConversation',
      'deleteConversation',
      'updateConversationPublicFlag',
      'pauseSandbox',
      'resumeSandbox',
      'getSandboxes',
      'readConversationFile',
      'getConversationStartTask',
      'switchConversationProfile',
      'switchConversationAcpModel',
      'listAutomations',
      'getAutomation',
      'updateAutomation',
      'deleteAutomation',
      'dispatchAutomation',
      'listAutomationRuns',
      'downloadAutomationTarball',
      'getAutomationHealth',
    ],
    refused(R.cloud),
  ),
  LocalConversation: all(
    [
      'id',
      'state',
      'start',
      'conversationStats',
      'sendMessage',
      'run',
      'pause',
      'setConfirmationPolicy',
      'sendConfirmationResponse',
      'setTitle',
      'generateTitle',
      'updateSecrets',
      'askAgent',
      'rejectPendingActions',
      'setSecurityAnalyzer',
      'checkIfStuck',
      'getSecretRegistry',
      'maskSecrets',
      'startWebSocketClient',
      'stopWebSocketClient',
      'close',
      'getMessages',
    ],
    LOCAL_CONVERSATION,
  ),
  LocalWorkspace: all(
    [
      'executeCommand',
      'fileUpload',
      'fileDownload',
      'gitChanges',
      'gitDiff',
      'uploadText',
      'uploadFileObject',
      'downloadAsText',
      'downloadAsBlob',
      'close',
    ],
    LOCAL_WORKSPACE,
  ),
  OpenRouterLLM: all(
    [
      'chatCompletion',
      'chatCompletionStream',
      'chatCompletionWithCallback',
      'generate',
      'generateWithCallback',
      'close',
    ],
    local('OpenRouterLLM: calls OpenRouter directly from the client, no agent server involved'),
  ),
  SecretRegistry: all(
    [
      'updateSecrets',
      'removeSecret',
      'clearSecrets',
      'size',
      'keys',
      'findSecretsInText',
      'getSecretsAsEnvVars',
      'maskSecretsInOutput',
      'hasSecret',
      'serialize',
      'deserialize',
    ],
    local(
      'SecretRegistry: the client’s in-memory secret store (the server is sent secrets via updateSecrets)',
    ),
  ),
  StaticSecretSource: { getValue: local('secret source object in the client') },
  CallableSecretSource: { getValue: local('secret source object in the client') },
  StuckDetector: { isStuck: local('StuckDetector: runs over events in the client') },
  AlwaysConfirm: { requiresConfirmation: POLICY },
  NeverConfirm: { requiresConfirmation: POLICY },
  RiskBasedConfirm: { requiresConfirmation: POLICY },
  ToolBasedConfirm: { requiresConfirmation: POLICY },
  CompositeConfirm: { requiresConfirmation: POLICY },
  PatternBasedAnalyzer: { analyze: ANALYZER },
  AllowlistAnalyzer: { analyze: ANALYZER },
  NoOpAnalyzer: { analyze: ANALYZER },
  CompositeAnalyzer: { analyze: ANALYZER },
};
