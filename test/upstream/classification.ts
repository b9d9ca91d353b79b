/** How the method inventory classifies one public method of the official client (see method-inventory.ts). */
export type Classification =
  | { kind: 'works'; test: string; via?: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'local'; reason: string };

export const works = (test: string, via?: string): Classification => ({
  kind: 'works',
  test,
  ...(via ? { via } : {}),
});
export const refused = (reason: string): Classification => ({ kind: 'refused', reason });
export const local = (reason: string): Classification => ({ kind: 'local', reason });

export const NO_OP_CLOSE = local(
  'close(): releases nothing on the server (the fetch transport keeps no connection)',
);

export const R = {
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

export const POLICY = local('client-side confirmation policy object; the server is sent {kind: …} policies');
export const ANALYZER = local('client-side security analyzer; the server is sent {kind: …} analyzers');
export const LOCAL_CONVERSATION = local('LocalConversation: runs the agent in-process, no server involved');
export const LOCAL_WORKSPACE = local('LocalWorkspace: the local machine through Node, no server involved');

export function all(methods: string[], classification: Classification): Record<string, Classification> {
  return Object.fromEntries(methods.map((method) => [method, classification]));
}
