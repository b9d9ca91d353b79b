import type { SandboxSettings } from './sandbox-settings';
import { type WorkspaceConfinement, workspaceConfinement } from './workspace-confinement';
import { createDockerSandboxes, type DockerSandboxes } from './docker/docker-sandboxes';
import { type SandboxChoice, sandboxChoice } from './sandbox-choice';
import type { ConversationSandbox } from './sandbox-kind';

export interface RuntimeSandboxesOptions {
  dataDir: string;
  /** The launcher's --workspace: a root-owned one is handed to the container user. */
  defaultWorkspace: string;
  /** Read on every use. */
  sandboxSettings: () => SandboxSettings;
  /** AGENT_WORKBENCH_RUNTIME_NAME: part of the containers' owner label. */
  runtimeName?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Whether the store holds a conversation whose commands run in containers (a cheap count): a
   * runtime on bubblewrap sweeps at start only then, so its start never loads the Docker client for
   * nothing. Absent: never (a runtime without a store).
   */
  hasDockerConversations?: () => Promise<boolean>;
  /** Tests: the docker side to use instead of the real one. */
  docker?: () => DockerSandboxes;
}

/**
 * The sandboxes of one runtime. Each conversation keeps the sandbox it was made with (its record's
 * `sandbox`), so one runtime runs bubblewrap and docker conversations side by side whatever its own
 * default; the Docker client loads only when a docker conversation first needs it.
 */
export interface RuntimeSandboxes {
  /** The default of new conversations now: --sandbox, then the settings. */
  choice(): SandboxChoice;
  /** The docker side: containers per conversation, git calls in containers of their own. */
  docker(): DockerSandboxes;
  /**
   * How the git calls, checkpoints and hooks of a conversation with `sandbox` are confined (absent:
   * the runtime default's), the settings read now. A docker one runs in containers even while the
   * bubblewrap sandbox is turned off: a conversation never falls back to less than it was made with.
   */
  confinement(sandbox?: ConversationSandbox): WorkspaceConfinement;
  /**
   * Removes every container this runtime (or a run of it that was killed) left: when its default is
   * docker, it made a docker conversation's container, or its store holds docker conversations.
   * Called at start and at stop. Never throws.
   */
  sweep(): Promise<number>;
}

export function createRuntimeSandboxes(options: RuntimeSandboxesOptions): RuntimeSandboxes {
  const env = options.env ?? process.env;
  let docker: DockerSandboxes | undefined;
  const choice = () => sandboxChoice(env, options.sandboxSettings());
  const hasDockerConversations = async () => {
    try {
      return (await options.hasDockerConversations?.()) === true;
    } catch {
      // A store that cannot answer now: the stop's sweep, or the next start's, tries again.
      return false;
    }
  };
  const dockerNow = (): DockerSandboxes => {
    docker ??=
      options.docker?.() ??
      createDockerSandboxes({
        dataDir: options.dataDir,
        image: () => choice().image,
        ownWorkspaces: () => [options.defaultWorkspace],
        ...(options.runtimeName ? { runtimeName: options.runtimeName } : {}),
      });
    return docker;
  };
  return {
    choice,
    docker: dockerNow,
    confinement(sandbox) {
      const settings = options.sandboxSettings();
      const wanted = sandbox ?? defaultSandbox(choice());
      if (wanted.kind === 'bubblewrap')
        return workspaceConfinement({ dataDir: options.dataDir, sandboxSettings: settings, env });
      const limits = { maxProcesses: settings.max_processes, maxMemoryMb: settings.max_memory_mb };
      return workspaceConfinement({
        dataDir: options.dataDir,
        sandboxSettings: settings,
        env,
        runner: dockerNow().runner(limits, settings.max_cpus, wanted.image),
      });
    },
    async sweep() {
      if (docker === undefined && choice().kind !== 'docker' && !(await hasDockerConversations())) return 0;
      return dockerNow().sweepStale();
    },
  };
}

function defaultSandbox(choice: SandboxChoice): ConversationSandbox {
  return choice.kind === 'docker' ? { kind: 'docker', image: choice.image } : { kind: 'bubblewrap' };
}
