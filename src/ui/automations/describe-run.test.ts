import { describe, expect, it } from 'vitest';
import { describeRun } from './describe-run';

const run = {
  id: 'r',
  automation_id: 'a',
  conversation_id: null,
  created_at: '2026-12-07T08:00:00Z',
  scheduled_for: null,
  refused_calls: 0,
} as const;

describe('describeRun', () => {
  it('names the trigger and the outcome, with the reason when there is one', () => {
    expect(describeRun({ ...run, trigger: 'webhook', status: 'started', reason: null })).toBe(
      'Webhook · Started',
    );
    expect(
      describeRun({ ...run, trigger: 'schedule', status: 'failed', reason: 'the runtime is not reachable' }),
    ).toBe('Scheduled · Failed: the runtime is not reachable');
    expect(describeRun({ ...run, trigger: 'missed', status: 'skipped', reason: 'off' })).toBe(
      'Missed while off · Skipped: off',
    );
  });

  it('says how many webhook calls a rate_limited summary stands for', () => {
    expect(
      describeRun({
        ...run,
        trigger: 'webhook',
        status: 'rate_limited',
        reason: 'over the limit',
        refused_calls: 195,
      }),
    ).toBe('Webhook · Rate limited: 195 calls refused (over the limit)');
    expect(
      describeRun({ ...run, trigger: 'webhook', status: 'rate_limited', reason: null, refused_calls: 1 }),
    ).toBe('Webhook · Rate limited: 1 call refused');
  });
});
