/** How many webhook calls of one automation start runs: a burst at once, then perMinute a minute. */
export interface WebhookLimit {
  burst: number;
  perMinute: number;
}

/** A CI's few calls at once pass; a flood costs one run every six seconds at most. */
export const DEFAULT_WEBHOOK_LIMIT: WebhookLimit = { burst: 5, perMinute: 10 };

export type WebhookAdmission = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface WebhookRateLimit {
  /** Takes one call's token from the automation's bucket, or says how long until one is there. */
  take(automationId: string): WebhookAdmission;
  /** Drops a deleted automation's bucket. */
  forget(automationId: string): void;
}

/**
 * A token bucket per automation, in memory (a restart starts every bucket full), on the injected
 * clock. A clock that moves back refills nothing until it has caught up again.
 */
export function createWebhookRateLimit(limit: WebhookLimit, now: () => Date): WebhookRateLimit {
  // Milliseconds per token, not tokens per millisecond: six seconds refill exactly one token.
  const intervalMs = 60_000 / limit.perMinute;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(automationId) {
      const time = now().getTime();
      const bucket = buckets.get(automationId) ?? { tokens: limit.burst, at: time };
      const elapsed = Math.max(0, time - bucket.at);
      bucket.tokens = Math.min(limit.burst, bucket.tokens + elapsed / intervalMs);
      bucket.at = Math.max(bucket.at, time);
      buckets.set(automationId, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      const waitMs = (1 - bucket.tokens) * intervalMs + (bucket.at - time);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    forget(automationId) {
      buckets.delete(automationId);
    },
  };
}
