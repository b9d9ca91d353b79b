import { decideRestart } from './restart-decision';
import type { RuntimeExit, RuntimeProcess } from './spawn-runtime';
import type { LaunchRuntimeResult } from './launch-runtime';

export interface SupervisorDeps {
  /** Spawns and waits for health; calls onSpawn as soon as a process exists so stop() can reach it. */
  start(onSpawn: (runtime: RuntimeProcess) => void): Promise<LaunchRuntimeResult>;
  /** One line for the person (stderr). */
  report(line: string): void;
  now(): number;
  sleep(ms: number): Promise<void>;
  /** What the messages call the child; default "runtime". */
  name?: string;
}

export interface RuntimeSupervisor {
  /** First start. A failure here is final: no restart, the caller exits. */
  start(): Promise<{ ok: true } | { ok: false; message: string }>;
  /** Settles with a message when restarting stopped helping; never settles otherwise. */
  gaveUp: Promise<string>;
  /** Stops the current runtime (group) and any restart in progress. */
  stop(): Promise<void>;
  currentPid(): number | undefined;
}

/** Keeps the runtime alive: a crash after a good start is reported and restarted with backoff. */
export function createRuntimeSupervisor(deps: SupervisorDeps): RuntimeSupervisor {
  const name = deps.name ?? 'runtime';
  let current: RuntimeProcess | undefined;
  let stopping = false;
  const failures: number[] = [];
  let giveUp: (message: string) => void = () => {};
  const gaveUp = new Promise<string>((resolve) => {
    giveUp = resolve;
  });

  const onSpawn = (runtime: RuntimeProcess) => {
    current = runtime;
    // A signal may have arrived between the port check and the spawn.
    if (stopping) void runtime.stop();
  };

  const watch = (runtime: RuntimeProcess) => {
    void runtime.exited.then(async (exit) => {
      if (stopping) return;
      // Whatever the dead runtime started (terminals, tools) must not outlive it.
      await runtime.stop();
      deps.report(`the ${name} stopped unexpectedly (${describeExit(exit)})`);
      await restartUntilHealthy();
    });
  };

  const restartUntilHealthy = async () => {
    while (!stopping) {
      const decision = decideRestart(failures, deps.now());
      failures.push(deps.now());
      if (decision.kind === 'give-up') {
        giveUp(
          `the ${name} failed ${decision.failures} times within a minute; giving up. See the ${name}'s errors above`,
        );
        return;
      }
      deps.report(`restarting the ${name} in ${decision.delayMs / 1000} s`);
      await deps.sleep(decision.delayMs);
      if (stopping) return;
      const result = await deps.start(onSpawn);
      if (result.ok) {
        deps.report(`the ${name} is running again`);
        watch(result.runtime);
        return;
      }
      if (!stopping) deps.report(result.message);
    }
  };

  return {
    async start() {
      const result = await deps.start(onSpawn);
      if (!result.ok) return result;
      watch(result.runtime);
      return { ok: true };
    },
    gaveUp,
    async stop() {
      stopping = true;
      await current?.stop();
    },
    currentPid: () => current?.pid,
  };
}

function describeExit(exit: RuntimeExit): string {
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}
