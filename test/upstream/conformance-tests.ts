/**
 * The titles of the conformance tests (test/upstream/official-*.integration.test.ts) that prove an
 * official client method works; the method inventory names them, and its test checks each exists.
 */
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
