import { createApplyPatchTool } from './apply-patch/apply-patch-tool';
import type { Skill } from '../skills/discover-skills';
import { createFileEditorTool } from './file-editor/file-editor-tool';
import { createFinishTool } from './finish-tool';
import { createInvokeSkillTool } from './invoke-skill-tool';
import { createGlobTool } from './search/glob-tool';
import { createGrepTool } from './search/grep-tool';
import { createListDirTool } from './search/list-dir-tool';
import { withNestedInstructions } from './with-nested-instructions';
import { createTaskTrackerTool } from './task-tracker-tool';
import type { TerminalLimitSettings } from '../sandbox/limit-notices';
import type { SandboxNetworkOptions } from '../sandbox/sandbox-network';
import { networkNamespaceMember } from '../sandbox/network-namespace-member';
import { createTerminalSession } from './terminal/terminal-session';
import { withAgentCommandEcho } from './person-terminal/agent-command-echo';
import { createPersonTerminal, type PersonTerminal } from './person-terminal/person-terminal';
import {
  createBackendPersonShellLauncher,
  createPersonShellLauncher,
  type PersonShellLauncher,
} from './person-terminal/person-shell-launcher';
import type { SandboxBackend } from '../sandbox/sandbox-backend';
import { createTerminalTool } from './terminal/terminal-tool';
import { createThinkTool } from './think-tool';
import type { Tool, Toolset } from './tool';

export interface ToolsetOptions {
  conversationId: string;
  workspaceDir: string;
  observationsDir: string;
  /**
   * Run the terminal in bubblewrap (default true). Without bwrap the terminal refuses commands;
   * only false (or env AGENT_WORKBENCH_SANDBOX=0) runs them unconfined.
   */
  sandbox?: boolean;
  /** How long a command may print nothing before the call returns its partial output (default 30 s). */
  noOutputTimeoutMs?: number;
  /** The runtime's data dir, hidden from the terminal (default AGENT_WORKBENCH_DATA_DIR or ~/.agent-workbench). */
  dataDir?: string;
  /** More absolute paths hidden from the terminal (credential folders under the home are always hidden). */
  denyPaths?: readonly string[];
  /** Process and memory limits of the terminal (default 512 processes, 2048 MiB). */
  limits?: TerminalLimitSettings;
  /** The egress proxy's socket and bridge script; absent: the terminal has no network. */
  network?: SandboxNetworkOptions;
  /** The conversation's registered secrets a command names, exported to that command only. */
  secretEnv?: (command: string) => Record<string, string>;
  /** The person's own skills (`<data-dir>/skills`), besides the workspace's. */
  userSkillsDir?: string;
  /** Skills given in the create request, found by invoke_skill beside the folders' ones. */
  requestSkills?: readonly Skill[];
  /** Hears each command line the person runs in their terminal (not yet masked). */
  recordPersonCommand?: (command: string, exitCode: number) => void;
  /**
   * The sandbox of the terminals (the docker one); default bubblewrap made from the options above.
   * The toolset disposes it when it closes.
   */
  backend?: SandboxBackend;
}

/**
 * The tools of one conversation. The terminal's shell starts on its first use and lives until
 * `close`; the editor's undo history and the task list live as long as the toolset.
 */
export function createToolset(options: ToolsetOptions): Toolset {
  const session = createTerminalSession({
    workspaceDir: options.workspaceDir,
    // Cut outputs are saved here and named in observations: readable from the terminal too.
    exposedPaths: [options.observationsDir],
    ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    ...(options.denyPaths === undefined ? {} : { denyPaths: options.denyPaths }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.network === undefined ? {} : { network: options.network }),
    ...(options.backend === undefined ? {} : { backend: options.backend }),
  });
  const networkMember = async (start: boolean) => {
    const pid = await session.sandboxPid(start);
    return typeof pid === 'number' ? networkNamespaceMember(pid) : pid;
  };
  const person = personTerminalOf(options, () => networkMember(true));
  const terminal = withAgentCommandEcho(
    createTerminalTool(session, options.noOutputTimeoutMs, options.secretEnv),
    person.echo,
  );
  const tools: readonly Tool[] = [
    terminal,
    withNestedInstructions(createFileEditorTool()),
    createGrepTool(),
    createGlobTool(),
    createListDirTool(),
    createApplyPatchTool(),
    createTaskTrackerTool(),
    createThinkTool(),
    createFinishTool(),
    createInvokeSkillTool(options.userSkillsDir, options.requestSkills),
  ];
  return {
    tools,
    get: (name) => tools.find((tool) => tool.name === name),
    sandbox: {
      personTerminal: person.terminal,
      networkMember,
      ...(options.backend?.lost === undefined ? {} : { lost: () => options.backend?.lost?.() }),
    },
    async close() {
      await person.close();
      await terminal.close();
    },
  };
}

/** The person's terminal of this toolset, made on first use, in the agent's sandbox's network. */
function personTerminalOf(
  options: ToolsetOptions,
  agentNetworkMember: () => Promise<number | string | undefined>,
) {
  let made: { terminal: PersonTerminal; launcher: PersonShellLauncher } | undefined;
  return {
    terminal(): PersonTerminal {
      if (made) return made.terminal;
      const launcher = options.backend
        ? createBackendPersonShellLauncher(options.backend)
        : createPersonShellLauncher({
            workspaceDir: options.workspaceDir,
            dataDir: options.dataDir ?? '',
            exposedPaths: [options.observationsDir],
            ...(options.denyPaths === undefined ? {} : { denyPaths: options.denyPaths }),
            ...(options.network === undefined ? {} : { network: options.network }),
            ...(options.limits === undefined ? {} : { limits: options.limits }),
            ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
            agentNetworkMember,
          });
      const terminal = createPersonTerminal({
        launch: (promptCommand, size) => launcher.launch(promptCommand, size),
        onCommand: (command, exitCode) => options.recordPersonCommand?.(command, exitCode),
        afterStop: () => launcher.emptyLimits(),
      });
      made = { terminal, launcher };
      return terminal;
    },
    /** Shown only in a terminal the person opened: the agent never starts one. */
    echo(line: string) {
      made?.terminal.echo(line);
    },
    async close() {
      await made?.terminal.close();
      await made?.launcher.close();
    },
  };
}
