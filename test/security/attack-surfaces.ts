/**
 * The security audit's map: every surface a hostile agent, workspace, page or caller can touch, and the
 * attack tests that hold it. attack-surfaces.test.ts checks that each named test still exists, and that
 * every route the runtime and the automation service serve belongs to a surface here, so a new route
 * (a new surface) cannot land without someone naming the attack test that covers it. One table on
 * purpose, though past 400 lines: a reviewer reads every surface side by side, and it grows by a few
 * lines a surface.
 */
export interface AttackTest {
  /** Repository-relative path of the test file. */
  file: string;
  /** The test's title, exactly as written in `it('…')`. */
  title: string;
}

export interface AttackSurface {
  name: string;
  /** Routes of this surface, as `METHOD /path` with fastify's `:param` spelling; none for non-HTTP surfaces. */
  routes: readonly RegExp[];
  attacks: readonly AttackTest[];
}

const AUDIT = 'test/security/audit.integration.test.ts';

export const ATTACK_SURFACES: readonly AttackSurface[] = [
  {
    name: 'every runtime route: the session key, Host and Origin',
    routes: [],
    attacks: [
      {
        file: 'src/server/http/build-server.test.ts',
        title:
          'answers 401 {"detail":"Unauthorized","code":"unauthorized"} on every /api route without the right key',
      },
      {
        file: 'src/server/http/build-server.test.ts',
        title: 'guards unknown and oddly spelled /api paths too',
      },
      {
        file: 'src/server/http/runtime-port-guards.test.ts',
        title: 'refuses any other Host with 403 before auth or routing',
      },
      {
        file: 'src/server/http/runtime-port-guards.test.ts',
        title: 'accepts the ingress Origin and refuses any other present Origin with 403',
      },
      {
        file: 'src/server/http/fuzz-routes.test.ts',
        title: 'answers non-UUID ids with 4xx on every route that takes one',
      },
    ],
  },
  {
    name: 'conversations: create, messages, run control, policy, model, fork, navigate, search, export',
    routes: [
      /^(GET|POST) \/api\/conversations$/,
      /^GET \/api\/conversations\/(count|search)$/,
      /^(GET|PATCH|DELETE) \/api\/conversations\/:id$/,
      /^(GET|POST) \/api\/conversations\/:id\/(events|events\/.*|agent_final_response|ask_agent|condense|confirmation_policy|export|fork|interrupt|model|model_context|navigate|pause|run|security_analyzer|switch_llm)$/,
    ],
    attacks: [
      {
        file: AUDIT,
        title: '1: a command cannot reach the ingress or the runtime, so it cannot lower its own policy',
      },
      { file: AUDIT, title: '7: background jobs end when their conversation is deleted mid-run' },
      {
        file: AUDIT,
        title: '10: a key printed by a command is never stored, streamed, searchable or sent to the model',
      },
      {
        file: 'test/security/audit-files.integration.test.ts',
        title: 'is refused while another conversation works in the folder, and never deletes outside files',
      },
      {
        file: 'src/server/routes/create-working-folder.test.ts',
        title: 'is refused when a link on the way leads into the data dir or ~/.ssh',
      },
      {
        file: 'src/server/routes/model-context-route.test.ts',
        title:
          'masks a secret the conversation was given after an instruction file carried it into the prompt',
      },
      {
        file: 'src/server/routes/client-tools.test.ts',
        title: 'a client tool %s is refused with 422 and nothing is created',
      },
      {
        file: 'test/security/audit-files.integration.test.ts',
        title:
          'an agent whose workspace holds the branches folder cannot turn the delete against outside files',
      },
    ],
  },
  {
    name: 'hooks: commands from settings, a workspace file and create bodies, run in the sandbox',
    routes: [
      /^GET \/api\/conversations\/:id\/workspace_hooks$/,
      /^POST \/api\/conversations\/:id\/workspace_hooks\/accept$/,
    ],
    attacks: [
      {
        file: 'src/runtime/conversation/hooks-in-conversation.test.ts',
        title:
          'a repository that ships .openhands/hooks.json runs nothing until the person accepts it, and again after it changes',
      },
      {
        file: 'src/runtime/hooks/hook-runner.test.ts',
        title: 'cannot read the data dir: a hook is sandboxed like the terminal',
      },
      {
        file: 'src/runtime/hooks/hook-runner.test.ts',
        title: 'kills a hook that hangs at its timeout and records it, deciding nothing',
      },
      {
        file: 'src/server/routes/workspace-hooks-routes.test.ts',
        title: 'is shown unaccepted, accepted only with the hash shown, and unaccepted again once it changes',
      },
      {
        file: 'src/server/routes/workspace-hooks-routes.test.ts',
        title: 'refuses a file that links out of the workspace and one that is not a hook config',
      },
    ],
  },
  {
    name: 'checkpoints: changes, diffs and restore',
    routes: [/^(GET|POST) \/api\/conversations\/:id\/(changes|changes\/.*|checkpoints|restore)$/],
    attacks: [
      {
        file: 'src/runtime/checkpoints/create-checkpoint-store.test.ts',
        title: 'attack: a folder replaced by a symlink to a folder outside; restore changes nothing outside',
      },
      {
        file: 'src/server/routes/checkpoint-routes.test.ts',
        title: 'masks secrets in diffs and file contents',
      },
      {
        file: 'src/server/routes/checkpoint-routes.test.ts',
        title: 'refuses bad refs and paths with stable codes',
      },
    ],
  },
  {
    name: "git reads of a workspace (the person's repositories, possibly hostile)",
    routes: [
      /^GET \/api\/(conversations\/:id\/)?git\/(changes|diff)$/,
      /^GET \/api\/git\/commits(\/:sha\/changes)?$/,
    ],
    attacks: [
      {
        file: 'src/server/routes/workspace-git-routes.test.ts',
        title: 'attack: an option-like or unknown sha, ref with commit, and the data dir are refused',
      },
      {
        file: 'src/runtime/workspace/workspace-git.test.ts',
        title: 'runs none of its programs and answers no data-dir bytes',
      },
      {
        file: 'src/runtime/conversation/checkpoints.test.ts',
        title:
          'runs none of a hostile repository’s hooks, monitors or filters when it makes or removes the worktree',
      },
    ],
  },
  {
    name: 'the file API: uploads, downloads, folder listing and saved outputs',
    routes: [/^(GET|POST) \/api\/file\//, /^GET \/api\/conversations\/:id\/outputs$/],
    attacks: [
      {
        file: 'src/server/routes/workspace-file-attacks.test.ts',
        title: 'refuses the session key through a link planted in the workspace, and through a linked folder',
      },
      {
        file: 'src/server/routes/workspace-file-attacks.test.ts',
        title: 'refuses /proc/self/environ, which would hold the session key and API keys',
      },
      {
        file: 'src/server/routes/output-routes.test.ts',
        title: 'refuses a link planted in the observations folder that points at the session key',
      },
      {
        file: 'test/security/audit-files.integration.test.ts',
        title:
          'an upload never writes through notes.txt -> ~/.bashrc or uploads -> /elsewhere; a download never reads through them',
      },
      {
        file: 'test/security/audit-files.integration.test.ts',
        title: 'a download of a file the sandbox masks (/etc/shadow) is refused',
      },
    ],
  },
  {
    name: "the workspace's bash API and its socket",
    routes: [/^(GET|POST|DELETE) \/api\/bash\//, /^GET \/sockets\/bash-events$/],
    attacks: [
      {
        file: 'src/server/routes/workspace-bash-routes.test.ts',
        title: 'masks the session key a command prints, in the answer and the stored events',
      },
      {
        file: 'src/runtime/workspace/run-confined.test.ts',
        title: 'cannot read the session key or settings.json in the data dir',
      },
    ],
  },
  {
    name: 'the live sockets',
    routes: [/^GET \/sockets\/(events|session)\/:id$/],
    attacks: [
      {
        file: 'src/server/http/runtime-port-guards.test.ts',
        title: 'refuses a socket upgrade from a foreign Host or Origin with 403',
      },
      {
        file: 'src/server/http/runtime-port-guards.test.ts',
        title: 'answers upgrades outside /sockets/ with 404, never 101',
      },
    ],
  },
  {
    name: "the person's terminal and the app preview",
    routes: [/^GET \/sockets\/terminal\/:id$/, /^GET \/api\/conversations\/:id\/preview$/],
    attacks: [
      {
        file: 'src/server/socket/terminal-socket.test.ts',
        title: 'closes 4001 without the key and with a wrong key, before any output',
      },
      {
        file: 'src/server/socket/terminal-socket.test.ts',
        title: 'refuses an upgrade from another Origin with 403, even with the right key',
      },
      {
        file: 'src/server/socket/terminal-socket.test.ts',
        title: "refuses another conversation's id: an unknown one and a non-UUID close 4004",
      },
      {
        file: 'test/security/audit-terminal-preview.integration.test.ts',
        title: 'runs what is typed in the sandbox: the data dir, the session key and credentials stay hidden',
      },
      {
        file: 'test/security/audit-terminal-preview.integration.test.ts',
        title:
          "serves the agent's server from the preview origin, says so at once for a port nothing listens on, and keeps the workbench's cookie and API out of reach",
      },
      {
        file: 'src/server/preview/preview-site.test.ts',
        title: 'refuses a guessed token, the workbench host, another site port and a rebinding name',
      },
    ],
  },
  {
    name: 'settings: model keys, sandbox, MCP servers',
    routes: [/^(GET|PATCH) \/api\/settings$/, /^(GET|POST) \/api\/settings\/(models|test_connection)$/],
    attacks: [
      {
        file: 'src/server/routes/settings-routes.test.ts',
        title: 'PATCH that moves base_url or provider without a new key clears the stored key and says so',
      },
      {
        file: 'src/server/routes/settings-routes.test.ts',
        title: 'PATCH validates with 422 naming the field and never echoing the key',
      },
      {
        file: 'test/security/audit-mcp.integration.test.ts',
        title:
          'read_only_paths: [HOME] is refused with a 422 when a conversation is created or the settings are saved',
      },
    ],
  },
  {
    name: "a conversation's MCP servers, secrets and skills",
    routes: [/^(GET|PATCH|POST) \/api\/conversations\/:id\/(mcp|secrets|skills)$/],
    attacks: [
      {
        file: 'test/security/audit-mcp.integration.test.ts',
        title:
          'a server whose script lies in HOME starts, but its sandbox shows neither the data dir nor credentials',
      },
      {
        file: 'test/security/audit-mcp.integration.test.ts',
        title: 'an argument naming the session key itself is refused',
      },
      {
        file: 'src/server/routes/secrets-routes.test.ts',
        title: 'accepts plain and StaticSecret values, keeps them out of the events and never returns them',
      },
      {
        file: 'src/runtime/skills/skills.test.ts',
        title: 'treats broken or hostile front matter as no metadata, never as an error',
      },
      {
        file: 'test/security/audit-skills.integration.test.ts',
        title:
          'a repository skill named like one of yours is dropped, and 60 repository skills leave yours listed',
      },
    ],
  },
  {
    name: "saved secrets: ours and upstream's routes, sealed at rest, handed to a command only by name",
    routes: [
      /^GET \/api\/secrets$/,
      /^(PUT|PATCH|DELETE) \/api\/secrets\/:name$/,
      /^(GET|PUT) \/api\/settings\/secrets$/,
      /^(GET|DELETE) \/api\/settings\/secrets\/:name$/,
    ],
    attacks: [
      {
        file: 'src/server/routes/saved-secrets-routes.test.ts',
        title:
          'answers 422 for a name that is no environment variable name, one the shell relies on, or an empty value, never echoing the value',
      },
      {
        file: 'src/server/upstream/routes/upstream-secrets-routes.test.ts',
        title: 'never answers a value: GET …/{name} is 403 secret_value_withheld, or 404 for an unknown name',
      },
      {
        file: 'src/server/upstream/routes/upstream-secrets-routes.test.ts',
        title:
          "takes the Canvas's LookupSecret for a saved secret at creation, and refuses one that names any other URL",
      },
      {
        file: 'src/runtime/secrets/saved-secrets.test.ts',
        title: 'keeps the value sealed: the raw file holds neither the value nor its base64, and is 0600',
      },
      {
        file: 'test/security/audit-saved-secrets.integration.test.ts',
        title: 'a saved secret survives a restart, and its value is in no byte of the data dir but sealed',
      },
      {
        file: 'test/security/audit-saved-secrets.integration.test.ts',
        title:
          'a command naming $MY_TOKEN receives it and sees it masked; one that does not name it never receives it',
      },
    ],
  },
  {
    name: "upstream front ends' saved workspaces: hostile paths never enter the list",
    routes: [/^(GET|POST|DELETE) \/api\/workspaces(\/parents)?$/],
    attacks: [
      {
        file: 'src/server/upstream/routes/upstream-workspaces-routes.test.ts',
        title:
          'attack: the data dir, a link to it, credential folders, /proc and relative paths are never saved',
      },
    ],
  },
  {
    name: "a conversation's workspace as static files: the workspace-session cookie and what it opens",
    routes: [
      /^(POST|DELETE) \/api\/auth\/workspace-session$/,
      /^GET \/api\/conversations\/:id\/workspace(\/\*)?$/,
    ],
    attacks: [
      ...[
        'attack: the cookie opens no other route',
        'attack: a forged, tampered or expired cookie reads nothing',
        'attack: .. never leaves the workspace, spelt plainly or percent-encoded',
        'attack: a link planted in the workspace leads nowhere outside it',
        'attack: the data dir inside a workspace stays closed',
        "attack: one conversation's URL never reads another's workspace",
        "serves the agent's HTML in a sandbox where none of its scripts runs",
      ].map((title) => ({ file: 'src/server/routes/workspace-session-routes.test.ts', title })),
    ],
  },
  {
    name: "upstream front ends' settings: settings documents, LLM profiles, schemas, the empty answers of unserved features",
    routes: [
      /^GET \/api\/settings\/(agent-schema|conversation-schema)$/,
      /^GET \/api\/(agent-profiles|llm\/provider-connections|llm\/models\/verified)$/,
      /^(GET|POST) \/api\/profiles(\/:name(\/(activate|validate|rename))?)?$/,
      /^DELETE \/api\/profiles\/:name$/,
      /^(GET|POST|DELETE) \/api\/agent-profiles\/:name$/,
      /^POST \/api\/agent-profiles\/(:name\/rename|:id\/activate)$/,
      /^GET \/api\/(llm\/providers|llm\/models|plugins\/installed|canvas-extensions\/installed)$/,
      /^POST \/api\/skills$/,
    ],
    attacks: [
      {
        file: 'src/server/upstream/routes/upstream-settings-routes.test.ts',
        title: 'drops prototype keys and secret-named fields from a hostile diff',
      },
      {
        file: 'src/server/upstream/routes/upstream-unserved-feature-routes.test.ts',
        title:
          'POST /api/skills loads nothing from the folders a hostile body names, not even a SKILL.md in the data dir',
      },
      {
        file: 'src/server/upstream/routes/upstream-profile-routes.test.ts',
        title:
          'POST /api/profiles/{name} makes its model the one in effect, lists it under its name, never stores or answers the key outside settings.json',
      },
      {
        file: 'src/server/upstream/routes/upstream-profile-store-routes.test.ts',
        title:
          "validate with a stored profile's name and another base_url sends no key there; the same endpoint gets it",
      },
      {
        file: 'src/server/upstream/routes/upstream-profile-store-routes.test.ts',
        title:
          're-saving a profile without a key for another base_url drops the key instead of carrying it there',
      },
      {
        file: 'src/server/upstream/routes/upstream-agent-profile-routes.test.ts',
        title:
          'keeps no field named like a secret, renames keeping the id, and deleting the active one clears the pointer',
      },
      {
        file: 'src/cli/agent-server-command.integration.test.ts',
        title: 'lets the --allow-origin front end preflight, post and open sockets, and nobody else',
      },
      {
        file: 'src/server/http/runtime-port-guards.test.ts',
        title: 'grants nothing to another origin: no preflight, no CORS header, 403',
      },
    ],
  },
  {
    name: 'probes, tools and the runtime-to-runtime owner question',
    routes: [
      /^GET \/(alive|health|ready|server_info)$/,
      /^GET \/api\/tools\/$/,
      /^POST \/api\/internal\/conversations\/:id\/owner$/,
    ],
    attacks: [
      {
        file: 'src/server/http/build-server.test.ts',
        title: 'answers the probes and the OpenAPI document without a key',
      },
      {
        file: 'src/server/http/runtime-port-guards.test.ts',
        title: 'answers its own Host under every loopback name',
      },
    ],
  },
  {
    name: 'the terminal sandbox: files, network, processes, limits',
    routes: [],
    attacks: [
      {
        file: AUDIT,
        title: '3: the data dir and credential files are invisible to commands, even with HOME as workspace',
      },
      {
        file: AUDIT,
        title:
          '5: started as root, a command has no capabilities, no host processes and no way into the runtime',
      },
      {
        file: AUDIT,
        title: '9: a process flood stops at the limit, says so, and leaves the terminal usable',
      },
      {
        file: AUDIT,
        title: 'network: off by default; on, only allowlisted hosts are reachable, through the proxy',
      },
      {
        file: 'src/runtime/network/create-egress-proxy.test.ts',
        title:
          'answers 403 "private address" for an allowlisted name resolving to 127.0.0.1 under the default rules',
      },
    ],
  },
  {
    name: 'the file editor',
    routes: [],
    attacks: [
      {
        file: AUDIT,
        title: '2: the file editor reads nothing outside the workspace, through symlinks or ../ either',
      },
      {
        file: 'src/runtime/tools/file-editor/file-editor-race.test.ts',
        title:
          'creates raced by a loop swapping the folder for a symlink to an outside folder never land outside',
      },
    ],
  },
  {
    name: 'grep, glob, list_dir and apply_patch (run in the runtime process, like the file editor)',
    routes: [],
    attacks: [
      {
        file: 'src/runtime/tools/search/read-tools-confinement.test.ts',
        title: 'walks past links pointing out (data dir, /etc, a file, ..) without following them',
      },
      {
        file: 'src/runtime/tools/search/read-tools-confinement.test.ts',
        title: 'never reads through a folder swapped for a link to the outside during the walk',
      },
      {
        file: 'src/runtime/tools/search/read-tools-confinement.test.ts',
        title: 'refuses /proc/self/environ and the session key as a file path',
      },
      {
        file: 'src/runtime/tools/search/grep-tool.test.ts',
        title: 'answers a catastrophic pattern in linear time and refuses backreferences',
      },
      {
        file: 'src/runtime/tools/apply-patch/apply-patch-confinement.test.ts',
        title: 'refuses links that lead out: a folder link to add through, a file link to update or delete',
      },
      {
        file: 'src/runtime/tools/apply-patch/apply-patch-confinement.test.ts',
        title: "refuses git's hooks and config, also through a link with an innocent name",
      },
      {
        file: 'src/runtime/tools/apply-patch/apply-patch-tool.test.ts',
        title: 'changes nothing when a later hunk does not apply, naming its file and hunk',
      },
    ],
  },
  {
    name: 'the task tool (sub-agents: tools, depth, budgets and stops inherited from the parent)',
    routes: [],
    attacks: [
      {
        file: 'src/runtime/conversation/sub-agents.test.ts',
        title: 'gives the child only the tools named, and refuses a tool the parent does not have',
      },
      {
        file: 'src/runtime/conversation/sub-agents.test.ts',
        title: 'caps the depth: a grandchild has no task tool, so it cannot delegate again',
      },
      {
        file: 'src/runtime/conversation/restrict-toolset.test.ts',
        title: 'gives a sub-agent an MCP tool only when its task call named it',
      },
      {
        file: 'src/runtime/conversation/sub-agents.test.ts',
        title:
          "rolls the child's cost up into the parent's, keeps the child's own, and the parent's budget counts it",
      },
      {
        file: 'src/runtime/conversation/sub-agents.test.ts',
        title: 'a child that loops is stopped by its own iteration limit, and the parent is told why',
      },
      {
        file: 'src/runtime/conversation/sub-agents.test.ts',
        title: 'stopping the parent stops its child at once',
      },
    ],
  },
  {
    name: "the person's own git on the host (hooks and config planted in a repository)",
    routes: [],
    attacks: [
      {
        file: 'test/security/audit-git.integration.test.ts',
        title:
          'approved, the fsmonitor and hooks are rated HIGH with the reason, refused by the sandbox, and never run on the host',
      },
      {
        file: 'test/security/audit-git.integration.test.ts',
        title: 'under NeverConfirm the same attack runs without asking and the sandbox still refuses it',
      },
    ],
  },
  {
    name: 'stdio MCP servers started for a conversation',
    routes: [],
    attacks: [
      {
        file: 'test/security/audit-mcp.integration.test.ts',
        title: 'a file argument in HOME (--config ~/x) shows that file, never the folder around it',
      },
      {
        file: 'test/security/audit-mcp.integration.test.ts',
        title:
          'a saved server whose read_only_paths a later deny path covers does not start, and the reason is told',
      },
    ],
  },
  {
    name: 'the ingress: Host, Origin, prefixes, sockets and static files',
    routes: [],
    attacks: [
      {
        file: 'src/cli/start-ingress.test.ts',
        title: 'answers 403 to a foreign Host header and keeps serving',
      },
      {
        file: 'src/cli/start-ingress.test.ts',
        title: 'refuses a mutating request from another origin but lets reads through',
      },
      {
        file: 'src/cli/start-ingress.test.ts',
        title: 'refuses upgrades on runtime paths that are not sockets with 404, without asking the runtime',
      },
      { file: 'src/cli/start-ingress.test.ts', title: 'never serves files outside the build folder' },
    ],
  },
  {
    name: 'the automation service: automations, runs and webhooks',
    routes: [
      /^(GET|POST|PATCH|DELETE) \/api\/automation\/(automations|automations\/.*|schedule-preview|hooks\/:id)$/,
      /^GET \/health$/,
    ],
    attacks: [
      {
        file: AUDIT,
        title:
          '1b: a command cannot reach the automation service, so it cannot make an automation that asks nothing',
      },
      {
        file: 'src/automation/build-automation-server.test.ts',
        title: 'needs the session key (header or cookie) everywhere but /health and the webhooks',
      },
      {
        file: 'src/automation/build-automation-server.test.ts',
        title:
          'refuses a webhook without its token or with a wrong one (401), and a body over the limit (413)',
      },
      {
        file: 'test/security/audit-automation.integration.test.ts',
        title: 'a flood of webhook calls is answered 429 with Retry-After and leaves a bounded run history',
      },
    ],
  },
  {
    name: 'the automation service`s openhands-automation v1 face (the Agent Canvas): the same automations and runs',
    routes: [
      /^GET \/api\/automation\/(health|sdk-version)$/,
      /^(GET|POST) \/api\/automation\/v1$/,
      /^(GET|POST|PUT) \/api\/automation\/v1\/(capabilities|validate|telemetry\/consent|preset\/prompt|preset\/plugin|uploads|git-sync\/(status|config|check|sync))$/,
      /^(GET|PATCH|DELETE) \/api\/automation\/v1\/:id$/,
      /^(GET|POST) \/api\/automation\/v1\/:id\/(dispatch|runs|tarball)$/,
      /^POST \/api\/automation\/v1\/runs\/:id\/cancel$/,
    ],
    attacks: [
      {
        file: 'src/automation/register-v1-routes.test.ts',
        title: 'guards every v1 route like the others: the session key, the Host and the Origin',
      },
      {
        file: 'src/automation/register-v1-routes.test.ts',
        title:
          'a v1 create cannot choose its folder, repositories or plugins: the workbench folder, or a refusal',
      },
      {
        file: 'src/automation/register-v1-routes.test.ts',
        title:
          'refuses what our own routes refuse: a bad schedule, a model name with control characters, an empty prompt',
      },
      {
        file: 'src/automation/register-v1-routes.test.ts',
        title: 'answers unknown and malformed ids with 404 and the catalogue`s code',
      },
    ],
  },
];
