import { get } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export type HealthResult = 'healthy' | 'exited' | 'timeout';

export interface WaitOptions {
  timeoutMs: number;
  intervalMs: number;
  /** Settles when the process being waited for is gone; waiting then stops at once. */
  exited?: Promise<unknown>;
  /** The probe's path; default /server_info (the runtime's). */
  path?: string;
  /**
   * Settles when the process says it listens (its ready line), which is as good as a 200: the wait
   * ends then, whatever the interval.
   */
  listening?: Promise<unknown>;
}

export const HEALTH_TIMEOUT_MS = 30_000;
export const HEALTH_INTERVAL_MS = 20;
/** Between polls of a process that says when it listens: polling is only the fallback for one that does not. */
export const FALLBACK_INTERVAL_MS = 200;

/**
 * Polls GET <runtimeUrl><path> until it answers 200, the process says it listens (`listening`), the
 * process exits (also between polls), or time runs out.
 */
export async function waitUntilHealthy(runtimeUrl: string, options: WaitOptions): Promise<HealthResult> {
  let gone = false;
  const exited = options.exited?.then(() => {
    gone = true;
    return false;
  });
  // Settles with true when the process says it listens; never without `listening`.
  const saidListening = options.listening?.then(() => true) ?? new Promise<boolean>(() => {});
  let said = false;
  void saidListening.then(() => {
    said = true;
  });
  // What ends a pause between polls early: the ready line (true) or the exit (false).
  const wake = exited ? Promise.race([saidListening, exited]) : saidListening;
  const deadline = Date.now() + options.timeoutMs;
  const url = new URL(options.path ?? '/server_info', runtimeUrl);
  while (Date.now() < deadline) {
    if (gone) return 'exited';
    const timeoutMs = Math.max(1, Math.min(1_000, deadline - Date.now()));
    if (said || (await Promise.race([answersOk(url, timeoutMs), saidListening]))) return 'healthy';
    if (gone) return 'exited';
    if (await sleepUnless(options.intervalMs, wake)) return 'healthy';
  }
  return 'timeout';
}

/** Waits `ms`, or less when `wake` settles first (then with its value); no timer is left behind. */
async function sleepUnless(ms: number, wake: Promise<boolean>): Promise<boolean> {
  const stop = new AbortController();
  const woken = await Promise.race([sleep(ms, false, { signal: stop.signal }), wake]);
  stop.abort();
  return woken;
}

/** true for a 200; any refusal, timeout or other status is "not yet". */
export function answersOk(url: URL, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get(url, { timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}
