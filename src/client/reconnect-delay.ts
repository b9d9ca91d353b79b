export interface ReconnectDelayOptions {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_RECONNECT_DELAY: ReconnectDelayOptions = { initialMs: 1_000, maxMs: 30_000 };

/**
 * The wait before reconnect attempt `attempt` (0-based): 1 s doubling to 30 s, spread by ±20 %
 * jitter (never past the cap) so many tabs that lost the runtime together do not return in lockstep.
 */
export function reconnectDelay(
  attempt: number,
  random: () => number,
  options: ReconnectDelayOptions = DEFAULT_RECONNECT_DELAY,
): number {
  const nominal = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(attempt, 30));
  return Math.min(options.maxMs, Math.round(nominal * (0.8 + 0.4 * random())));
}
