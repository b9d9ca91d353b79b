import { describe, expect, it } from 'vitest';
import { createWebhookRateLimit } from './webhook-rate-limit';

describe('createWebhookRateLimit', () => {
  it('lets a burst through, then one call per interval, and says when the next one may come', () => {
    const clock = { now: new Date('2026-12-07T08:00:00Z') };
    const limit = createWebhookRateLimit({ burst: 3, perMinute: 10 }, () => clock.now);
    expect([1, 2, 3].map(() => limit.take('a'))).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(limit.take('a')).toEqual({ ok: false, retryAfterSeconds: 6 });
    clock.now = new Date(clock.now.getTime() + 4_500);
    expect(limit.take('a')).toEqual({ ok: false, retryAfterSeconds: 2 });
    clock.now = new Date(clock.now.getTime() + 1_500);
    expect(limit.take('a')).toEqual({ ok: true });
    expect(limit.take('a')).toMatchObject({ ok: false });
  });

  it('keeps a bucket per automation, refills to the burst and no further', () => {
    const clock = { now: new Date('2026-12-07T08:00:00Z') };
    const limit = createWebhookRateLimit({ burst: 2, perMinute: 60 }, () => clock.now);
    limit.take('a');
    limit.take('a');
    expect(limit.take('a')).toMatchObject({ ok: false });
    expect(limit.take('b')).toEqual({ ok: true });
    clock.now = new Date(clock.now.getTime() + 3_600_000);
    expect([1, 2, 3].map(() => limit.take('a').ok)).toEqual([true, true, false]);
  });

  it('a clock that goes back refills nothing', () => {
    const clock = { now: new Date('2026-12-07T08:00:00Z') };
    const limit = createWebhookRateLimit({ burst: 1, perMinute: 1 }, () => clock.now);
    limit.take('a');
    clock.now = new Date('2026-12-07T07:00:00Z');
    expect(limit.take('a')).toMatchObject({ ok: false });
  });
});
