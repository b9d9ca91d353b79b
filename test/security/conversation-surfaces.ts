import { AUDIT, type AttackSurface } from './attack-surface';

/** Every runtime route's guards, and the surfaces of a conversation: its runs, hooks, checkpoints, git reads, files, bash API, sockets, terminal and preview. */
export const CONVERSATION_SURFACES: readonly AttackSurface[] = [
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
        file: 'src/runtime/checkpoints/checkpoint-store-attacks.test.ts',
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
        file: 'src/runtime/conversation/fork-with-files.test.ts',
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
        file: 'src/runtime/sandbox/run-confined.test.ts',
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
];
