import { describe, expect, it } from 'vitest';
import type { ExecutionStatus } from '../events';
import { canTransition, nextStatus, type StatusHappening } from './status-machine';

const ALL: ExecutionStatus[] = [
  'idle',
  'running',
  'paused',
  'waiting_for_confirmation',
  'finished',
  'error',
  'stuck',
];

describe('status machine', () => {
  it('lets a run start from idle, paused, finished, error and stuck', () => {
    for (const from of ['idle', 'paused', 'finished', 'error', 'stuck'] as const)
      expect(nextStatus(from, { kind: 'run_started' })).toBe('running');
  });

  it('only a run ends as finished, stuck or waiting', () => {
    expect(() => nextStatus('idle', { kind: 'run_finished' })).toThrow(/idle cannot become finished/);
    expect(() => nextStatus('idle', { kind: 'confirmation_needed' })).toThrow();
    expect(() => nextStatus('paused', { kind: 'run_stuck' })).toThrow();
    expect(nextStatus('running', { kind: 'run_stuck' })).toBe('stuck');
    expect(nextStatus('running', { kind: 'run_finished' })).toBe('finished');
    // A pause during a step: the step may still end the run.
    expect(nextStatus('paused', { kind: 'run_finished' })).toBe('finished');
    expect(nextStatus('paused', { kind: 'confirmation_needed' })).toBe('waiting_for_confirmation');
  });

  it('a user message makes finished, error and stuck idle, answers a wait, and leaves other statuses', () => {
    const message = (supersededPending: boolean): StatusHappening => ({
      kind: 'user_message',
      supersededPending,
    });
    expect(nextStatus('finished', message(false))).toBe('idle');
    expect(nextStatus('error', message(false))).toBe('idle');
    expect(nextStatus('stuck', message(false))).toBe('idle');
    expect(nextStatus('waiting_for_confirmation', message(false))).toBe('idle');
    expect(nextStatus('paused', message(false))).toBe('paused');
    expect(nextStatus('running', message(false))).toBe('running');
    expect(nextStatus('paused', message(true))).toBe('idle');
  });

  it('a pause takes an idle or running conversation to paused and leaves every other status alone', () => {
    for (const from of ALL) {
      const expected = from === 'idle' || from === 'running' ? 'paused' : from;
      expect(nextStatus(from, { kind: 'pause_asked' })).toBe(expected);
    }
  });

  it('navigating drops what the old leaf waited for or ended with', () => {
    for (const from of ALL) {
      const expected = from === 'running' || from === 'paused' ? from : 'idle';
      expect(nextStatus(from, { kind: 'navigated' })).toBe(expected);
    }
  });

  it('every outcome the machine gives is a transition the table allows', () => {
    const happenings: StatusHappening[] = [
      { kind: 'run_started' },
      { kind: 'run_finished' },
      { kind: 'confirmation_needed' },
      { kind: 'run_failed' },
      { kind: 'run_stuck' },
      { kind: 'pause_asked' },
      { kind: 'interrupted' },
      { kind: 'user_message', supersededPending: false },
      { kind: 'user_message', supersededPending: true },
      { kind: 'all_rejected' },
      { kind: 'navigated' },
    ];
    for (const from of ALL) {
      for (const happening of happenings) {
        let next: ExecutionStatus | undefined;
        try {
          next = nextStatus(from, happening);
        } catch {
          continue; // forbidden: the machine refused, which is what it is for
        }
        expect(canTransition(from, next)).toBe(true);
      }
    }
  });
});
