import type { ExecutionStatus } from '../events';

/**
 * The execution status machine (CONTRACT §6). Every status a conversation may move to from each
 * status; anything else is a bug in the loop, not a user error.
 */
const TRANSITIONS: Record<ExecutionStatus, readonly ExecutionStatus[]> = {
  idle: ['running', 'paused', 'error'],
  running: ['idle', 'paused', 'waiting_for_confirmation', 'finished', 'error', 'stuck'],
  // A pause during a step takes effect at once; the step may still end the run (finish, error, or
  // actions that wait for confirmation), as upstream's does.
  paused: ['running', 'idle', 'error', 'waiting_for_confirmation', 'finished'],
  // A message while waiting rejects the pending actions (idle); approval runs; pause/interrupt stop.
  waiting_for_confirmation: ['running', 'idle', 'paused', 'error'],
  // A new message makes a finished, failed or stuck conversation idle; run starts it again.
  finished: ['idle', 'running', 'paused'],
  error: ['idle', 'running', 'paused'],
  stuck: ['idle', 'running', 'paused', 'error'],
};

export function canTransition(from: ExecutionStatus, to: ExecutionStatus): boolean {
  return from === to || TRANSITIONS[from].includes(to);
}

/** Statuses a user message moves back to idle, so the next run starts fresh. */
export function statusAfterUserMessage(status: ExecutionStatus): ExecutionStatus {
  return status === 'finished' || status === 'error' || status === 'stuck' ? 'idle' : status;
}
