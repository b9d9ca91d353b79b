import { describe, expect, it } from 'vitest';
import { canTransition, statusAfterUserMessage } from './status-machine';

describe('status machine', () => {
  it('lets a run start from idle, paused, finished, error and stuck', () => {
    for (const from of ['idle', 'paused', 'finished', 'error', 'stuck'] as const)
      expect(canTransition(from, 'running')).toBe(true);
  });

  it('only a run ends as finished, stuck or waiting', () => {
    expect(canTransition('idle', 'finished')).toBe(false);
    expect(canTransition('idle', 'waiting_for_confirmation')).toBe(false);
    expect(canTransition('paused', 'stuck')).toBe(false);
    expect(canTransition('running', 'stuck')).toBe(true);
  });

  it('a user message makes finished, error and stuck idle, and leaves other statuses', () => {
    expect(statusAfterUserMessage('finished')).toBe('idle');
    expect(statusAfterUserMessage('error')).toBe('idle');
    expect(statusAfterUserMessage('stuck')).toBe('idle');
    expect(statusAfterUserMessage('paused')).toBe('paused');
    expect(statusAfterUserMessage('running')).toBe('running');
  });
});
