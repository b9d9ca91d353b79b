import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AutomationService, createAutomationService } from '../automation-service';
import type { AutomationStore } from '../automation-store';
import { openSqliteAutomationStore } from '../sqlite-automation-store';
import { createInMemoryRuntime, type InMemoryRuntime } from './in-memory-runtime';

/**
 * An automation service on a real SQLite file in a temp folder, with a clock the test moves, timers
 * that fire only when the test says, sequential ids, and the in-memory runtime. `restart()` opens a
 * new service on the same file, as after the workbench was off.
 */
export interface AutomationTestBed {
  service: AutomationService;
  store: AutomationStore;
  runtime: InMemoryRuntime;
  workspace: string;
  dbPath: string;
  clock: { now: Date };
  sleeps: number[];
  /** What the service reported through onError, in order. */
  errors: unknown[];
  /** The delay of the one armed timer, or undefined. */
  armedMs(): number | undefined;
  /** Moves the clock by ms, fires the timer when due, and waits for the runs started so far. */
  advance(ms: number): Promise<void>;
  /** Closes the store and opens a new service on the same file, as after the workbench was off. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export function createAutomationTestBed(
  options: {
    start?: string;
    retryDelaysMs?: number[];
    /** Stands between the service and the real store: a test's failures and pauses. */
    wrapStore?: (store: AutomationStore) => AutomationStore;
  } = {},
): AutomationTestBed {
  const root = mkdtempSync(join(tmpdir(), 'automation-test-'));
  const dbPath = join(root, 'workbench.db');
  const clock = { now: new Date(options.start ?? '2026-12-07T07:00:00Z') };
  const runtime = createInMemoryRuntime();
  const sleeps: number[] = [];
  const errors: unknown[] = [];
  let timer: { callback: () => void; at: number } | undefined;
  let sequence = 0;
  const build = () => {
    const opened = openSqliteAutomationStore(dbPath);
    const store = options.wrapStore ? options.wrapStore(opened) : opened;
    const service = createAutomationService({
      store,
      runtime,
      now: () => new Date(clock.now),
      newId: () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
      newToken: () => `token-${sequence}`,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      retryDelaysMs: options.retryDelaysMs ?? [10, 20, 40],
      onError: (error) => errors.push(error),
      setTimer: (callback, ms) => {
        const armed = { callback, at: clock.now.getTime() + ms };
        timer = armed;
        return () => {
          if (timer === armed) timer = undefined;
        };
      },
    });
    return { store, service };
  };
  let current = build();
  const bed: AutomationTestBed = {
    ...current,
    runtime,
    workspace: root,
    dbPath,
    clock,
    sleeps,
    errors,
    armedMs: () => (timer ? timer.at - clock.now.getTime() : undefined),
    async advance(ms) {
      const until = clock.now.getTime() + ms;
      while (timer && timer.at <= until) {
        clock.now = new Date(Math.max(timer.at, clock.now.getTime()));
        const { callback } = timer;
        timer = undefined;
        callback();
        await settle();
      }
      clock.now = new Date(until);
      // Runs started without a timer (the catch-up at start) settle too.
      await settle();
    },
    async restart() {
      await current.store.close();
      timer = undefined;
      current = build();
      bed.service = current.service;
      bed.store = current.store;
    },
    async close() {
      await current.store.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
  return bed;
}

/** Lets the runs a timer started reach their end (they only await in-memory promises). */
async function settle(): Promise<void> {
  for (let round = 0; round < 20; round++) await new Promise((resolve) => setImmediate(resolve));
}
