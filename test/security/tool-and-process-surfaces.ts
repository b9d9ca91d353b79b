import { AUDIT, type AttackSurface } from './attack-surface';

/** Surfaces no route names: the terminal sandbox, the tools, sub-agents, the host's git, stdio MCP servers and the ingress. */
export const TOOL_AND_PROCESS_SURFACES: readonly AttackSurface[] = [
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
        file: 'src/cli/ingress-host-origin.test.ts',
        title: 'answers 403 to a foreign Host header and keeps serving',
      },
      {
        file: 'src/cli/ingress-host-origin.test.ts',
        title: 'refuses a mutating request from another origin but lets reads through',
      },
      {
        file: 'src/cli/start-ingress.test.ts',
        title: 'refuses upgrades on runtime paths that are not sockets with 404, without asking the runtime',
      },
      { file: 'src/cli/ingress-spa.test.ts', title: 'never serves files outside the build folder' },
      {
        file: 'src/runtime/tools/terminal/sandbox-confinement.test.ts',
        title: "cannot reach the runtime's Unix socket in the data dir (the ingress's door to it)",
      },
      {
        file: 'src/client/listen-on-unix-socket.test.ts',
        title: 'refuses a socket folder that is a link to another folder',
      },
      {
        file: 'src/cli/ingress-hand-over.integration.test.ts',
        title: "holds each request to the ingress's Host and Origin checks",
      },
      {
        file: 'src/cli/ingress-hand-over.integration.test.ts',
        title: 'is close-on-exec: nothing the runtime starts inherits it',
      },
      {
        file: 'src/cli/ingress-hand-over.test.ts',
        title: 'keeps what the ingress refuses, and answers it itself',
      },
    ],
  },
];
