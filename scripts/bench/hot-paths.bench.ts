import { performance } from 'node:perf_hooks';
import { activeBranch } from '../../src/event-facts';
import { createBoundedOutput } from '../../src/runtime/tools/terminal/bounded-output';
import {
  agentMessage,
  chain,
  eventId,
  userMessage,
} from '../../src/ui/conversation-store/testing/event-builders';
import type { BenchFigure } from './bench-figure';

const ROUNDS = Number(process.env.HOT_PATHS_BENCH_ROUNDS ?? 7);

/**
 * Pure functions on paths that run all the time, timed in-process (their unit tests check what they
 * do, not how fast): a flooding command's output appended to a full terminal buffer, and the active
 * branch the page folds a long conversation into.
 */
export default async function hotPathsBench(): Promise<BenchFigure[]> {
  return [
    {
      name: 'terminal: append 1,000 × 64 KB chunks to a full 16 MB output buffer',
      unit: 'ms',
      samples: timed(() => {
        const output = createBoundedOutput();
        const chunk = 'hello\r\n'.repeat((64 * 1024) / 7);
        for (let index = 0; index < 1_000; index++) output.append(chunk);
      }),
    },
    {
      name: 'ui: active branch of a 10,000-event conversation',
      unit: 'ms',
      samples: (() => {
        const steps = Array.from({ length: 10_000 }, (_, n) =>
          n % 2 ? agentMessage(n, `a${n}`) : userMessage(n, `u${n}`),
        );
        const log = chain(steps);
        return timed(() => activeBranch(log, eventId(9_999)));
      })(),
    },
  ];
}

function timed(work: () => void): number[] {
  return Array.from({ length: ROUNDS }, () => {
    const started = performance.now();
    work();
    return performance.now() - started;
  });
}
