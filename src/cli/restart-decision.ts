export const RESTART_DELAYS_MS = [500, 1000, 2000, 4000, 8000] as const;
export const FAILURE_WINDOW_MS = 60_000;
/** Failures tolerated within the window; the next one gives up. */
export const MAX_FAILURES_IN_WINDOW = 5;

export type RestartDecision = { kind: 'restart'; delayMs: number } | { kind: 'give-up'; failures: number };

/**
 * What to do after the runtime died at `now`, given earlier failure times (ms). Pure.
 * Backoff grows with the failures of the last minute (0.5, 1, 2, 4, 8 s); a sixth failure within a
 * minute means restarting is not helping, so the launcher gives up.
 */
export function decideRestart(previousFailures: readonly number[], now: number): RestartDecision {
  const recent = previousFailures.filter((time) => now - time < FAILURE_WINDOW_MS).length + 1;
  if (recent > MAX_FAILURES_IN_WINDOW) return { kind: 'give-up', failures: recent };
  const delayMs = RESTART_DELAYS_MS[Math.min(recent, RESTART_DELAYS_MS.length) - 1] ?? 8000;
  return { kind: 'restart', delayMs };
}
