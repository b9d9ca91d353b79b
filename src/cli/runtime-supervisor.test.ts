import { describe, expect, it } from 'vitest';
import { createRuntimeSupervisor, type SupervisorDeps } from './runtime-supervisor';
import type { RuntimeExit, RuntimeProcess } from './spawn-runtime';

/** An in-memory runtime whose death the test decides. */
function fakeRuntime(pid: number) {
  let resolveExit: (exit: RuntimeExit) => void = () => {};
  let exitedWith: RuntimeExit | undefined;
  const exited = new Promise<RuntimeExit>((resolve) => {
    resolveExit = (exit) => {
      exitedWith ??= exit;
      resolve(exitedWith);
    };
  });
  const runtime: RuntimeProcess & { stops: number } = {
    pid,
    listening: Promise.resolve(),
    exited,
    hasExited: () => exitedWith !== undefined,
    take: () => false,
    stops: 0,
    stop: async () => {
      runtime.stops++;
      resolveExit({ code: null, signal: 'SIGTERM' });
      return exited;
    },
  };
  return { runtime, crash: () => resolveExit({ code: null, signal: 'SIGKILL' }) };
}

function harness(outcomes: Array<'healthy' | 'fails'>, extra: Partial<SupervisorDeps> = {}) {
  const reports: string[] = [];
  const sleeps: number[] = [];
  const spawned: Array<ReturnType<typeof fakeRuntime>> = [];
  let clock = 0;
  const deps: SupervisorDeps = {
    start: async (onSpawn) => {
      const fake = fakeRuntime(100 + spawned.length);
      spawned.push(fake);
      onSpawn(fake.runtime);
      const outcome = outcomes.shift() ?? 'fails';
      return outcome === 'healthy'
        ? { ok: true, runtime: fake.runtime }
        : { ok: false, message: 'the runtime exited during startup (code 1)' };
    },
    report: (line) => reports.push(line),
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    ...extra,
  };
  return { supervisor: createRuntimeSupervisor(deps), reports, sleeps, spawned };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('createRuntimeSupervisor', () => {
  it('tells the launcher the moment its child dies, before the restart, and not on a clean stop', async () => {
    const events: string[] = [];
    const { supervisor, spawned } = harness(['healthy', 'healthy'], {
      onExit: () => events.push('exit'),
      sleep: async () => void events.push('restart delay'),
    });
    await supervisor.start();
    spawned[0]?.crash();
    await settle();
    expect(events).toEqual(['exit', 'restart delay']);
    await supervisor.stop();
    await settle();
    expect(events).toEqual(['exit', 'restart delay']);
  });

  it('restarts a runtime that dies after a good start and says so', async () => {
    const { supervisor, reports, sleeps, spawned } = harness(['healthy', 'healthy']);
    expect(await supervisor.start()).toEqual({ ok: true });
    expect(supervisor.currentPid()).toBe(100);

    spawned[0]?.crash();
    await settle();
    expect(reports).toEqual([
      'the runtime stopped unexpectedly (killed by SIGKILL)',
      'restarting the runtime in 0.5 s',
      'the runtime is running again',
    ]);
    expect(sleeps).toEqual([500]);
    expect(supervisor.currentPid()).toBe(101);
    // The dead runtime's process group was cleaned up before the restart.
    expect(spawned[0]?.runtime.stops).toBe(1);
  });

  it('backs off and gives up when restarts keep failing', async () => {
    const { supervisor, sleeps, spawned } = harness(['healthy']);
    await supervisor.start();
    spawned[0]?.crash();
    const message = await supervisor.gaveUp;
    expect(sleeps).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(message).toMatch(/failed 6 times within 15.5 s; giving up/);
  });

  it('gives up naming what happened each time, over how long, and where the log is, not errors it never printed', async () => {
    const { supervisor, spawned } = harness(['healthy', 'healthy', 'fails', 'healthy', 'fails'], {
      logPath: '/data/runtime.log',
    });
    await supervisor.start();
    spawned[0]?.crash();
    await settle();
    spawned[1]?.crash();
    await settle();
    spawned[3]?.crash();
    const message = await supervisor.gaveUp;
    expect(message).not.toMatch(/errors above/);
    expect(message).toBe(
      'the runtime failed 6 times within 15.5 s; giving up. What happened: killed by SIGKILL twice; ' +
        'the runtime exited during startup (code 1); killed by SIGKILL; the runtime exited during startup (code 1) twice. ' +
        'What it printed is in /data/runtime.log',
    );
  });

  it('reports a failed first start without restarting', async () => {
    const { supervisor, sleeps } = harness(['fails']);
    expect(await supervisor.start()).toEqual({
      ok: false,
      message: 'the runtime exited during startup (code 1)',
    });
    expect(sleeps).toEqual([]);
  });

  it('does not restart a runtime it stopped itself', async () => {
    const { supervisor, reports, spawned } = harness(['healthy', 'healthy']);
    await supervisor.start();
    await supervisor.stop();
    await settle();
    expect(spawned).toHaveLength(1);
    expect(reports).toEqual([]);
  });
});
