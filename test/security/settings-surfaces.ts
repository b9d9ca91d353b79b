import type { AttackSurface } from './attack-surface';

/** What a person saves and a front end reads: settings, a conversation's MCP servers, secrets and skills, saved secrets and workspaces, static workspace files, upstream's settings documents, probes. */
export const SETTINGS_SURFACES: readonly AttackSurface[] = [
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
];
