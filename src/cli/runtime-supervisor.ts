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
  /** The file holding what the child printed, named when the supervisor gives up. */
  logPath?: string;
  /** Told the moment the child dies unexpectedly, before anything is cleaned up or restarted. */
  onExit?(): void;
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
  /** Each failure: when, and what happened (a signal, an exit code, a failed start). */
  const failures: Failure[] = [];
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
      deps.onExit?.();
      // Whatever the dead runtime started (terminals, tools) must not outlive it.
      await runtime.stop();
      deps.report(`the ${name} stopped unexpectedly (${describeExit(exit)})`);
      await restartUntilHealthy(describeExit(exit));
    });
  };

  const restartUntilHealthy = async (firstCause: string) => {
    let cause = firstCause;
    while (!stopping) {
      const decision = decideRestart(
        failures.map((failure) => failure.at),
        deps.now(),
      );
      failures.push({ at: deps.now(), what: cause });
      if (decision.kind === 'give-up') {
        giveUp(giveUpMessage(name, failures.slice(-decision.failures), deps.logPath));
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
      cause = result.message;
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

interface Failure {
  at: number;
  what: string;
}

/**
 * Why the launcher stops restarting, in words that hold even when the child printed nothing (a
 * SIGKILL leaves no last words): how many failures in how long, what each was (a run of the same
 * one counted), and the file with whatever it did print.
 */
function giveUpMessage(name: string, failures: readonly Failure[], logPath: string | undefined): string {
  const first = failures[0]?.at ?? 0;
  const last = failures[failures.length - 1]?.at ?? first;
  const seconds = Math.round((last - first) / 100) / 10;
  const runs: Array<{ what: string; count: number }> = [];
  for (const failure of failures) {
    const previous = runs[runs.length - 1];
    if (previous?.what === failure.what) previous.count += 1;
    else runs.push({ what: failure.what, count: 1 });
  }
  const what = runs
    .map((run) =>
      run.count === 1 ? run.what : `${run.what} ${run.count === 2 ? 'twice' : `${run.count} times`}`,
    )
    .join('; ');
  const where = logPath ? ` What it printed is in ${logPath}` : '';
  return `the ${name} failed ${failures.length} times within ${seconds} s; giving up. What happened: ${what}.${where}`;
}
