import { describe, expect, it } from 'vitest';
import { finishingAfterPause } from './finishing-after-pause';
import { controlEvent, statusUpdate, terminalAction, userMessage } from './testing/event-builders';

describe('finishingAfterPause', () => {
  const running = [userMessage(0, 'go'), statusUpdate(1, 'running'), terminalAction(2, 'sleep 6')];

  it('is true while a pause that came during a run may still be finishing its step', () => {
    const events = [...running, controlEvent(3, 'PauseEvent'), statusUpdate(4, 'paused')];
    expect(finishingAfterPause(events, 'paused')).toBe(true);
  });

  it('is false once Stop came after the pause, or when the conversation is no longer paused', () => {
    const paused = [...running, controlEvent(3, 'PauseEvent'), statusUpdate(4, 'paused')];
    expect(finishingAfterPause([...paused, controlEvent(5, 'InterruptEvent')], 'paused')).toBe(false);
    expect(finishingAfterPause(paused, 'running')).toBe(false);
  });

  it('is false for a pause that came while the conversation was waiting or idle (nothing in flight)', () => {
    const waiting = [...running, statusUpdate(3, 'waiting_for_confirmation'), controlEvent(4, 'PauseEvent')];
    expect(finishingAfterPause(waiting, 'paused')).toBe(false);
    expect(finishingAfterPause([statusUpdate(0, 'idle'), controlEvent(1, 'PauseEvent')], 'paused')).toBe(
      false,
    );
    expect(finishingAfterPause([statusUpdate(0, 'paused')], 'paused')).toBe(false);
  });
});
