import { statusFromEvents } from '../../event-facts';
import type { Event, ExecutionStatus } from '../api/wire-types';
import { isExecutionStatus } from './apply-state-update';

/**
 * Pause takes effect at once (the status is `paused` and a PauseEvent is in the log), but the step
 * that was in flight still finishes: its model call answers and its commands run to the end. This
 * says whether that tail may still be going: the conversation is paused by a PauseEvent that came
 * while it was running, and no Stop (InterruptEvent) came after it. The transcript then shows the
 * unanswered actions as running, and the controls say "Pausing…" instead of offering Resume.
 */
export function finishingAfterPause(events: readonly Event[], status: ExecutionStatus | undefined): boolean {
  if (status !== 'paused') return false;
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    if (!event) continue;
    if (event.kind === 'InterruptEvent') return false;
    if (event.kind === 'PauseEvent') return statusFromEvents(events, isExecutionStatus, index) === 'running';
  }
  return false;
}
