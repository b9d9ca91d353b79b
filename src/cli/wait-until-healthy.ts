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
}

export const HEALTH_TIMEOUT_MS = 30_000;
export const HEALTH_INTERVAL_MS = 20;

/** Polls GET <runtimeUrl><path> until it answers 200, the process exits, or time runs out. */
export async function waitUntilHealthy(runtimeUrl: string, options: WaitOptions): Promise<HealthResult> {
  let gone = false;
  void options.exited?.then(() => {
    gone = true;
  });
  const deadline = Date.now() + options.timeoutMs;
  const url = new URL(options.path ?? '/server_info', runtimeUrl);
  while (Date.now() < deadline) {
    if (gone) return 'exited';
    if (await answersOk(url, Math.max(1, Math.min(1_000, deadline - Date.now())))) return 'healthy';
    if (gone) return 'exited';
    await sleep(options.intervalMs);
  }
  return 'timeout';
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
