import type { ExecutionStatus } from '../events';

/**
 * The execution status machine (CONTRACT §6): the one place that decides what a conversation's
 * status becomes. Callers say what happened; `nextStatus` says where that leads. Anything the table
 * forbids is a bug in the loop, not a user error, and throws.
 */
export type StatusHappening =
  /** A run begins (run, an approval, a message with run). */
  | { kind: 'run_started' }
  /** The agent answered with a message and the run ended. */
  | { kind: 'run_finished' }
  /** The run stopped on actions that need an answer. */
  | { kind: 'confirmation_needed' }
  /** The run ended with a ConversationErrorEvent (model failure, a loop bug, a restart). */
  | { kind: 'run_failed' }
  /** The stuck detector stopped the run. */
  | { kind: 'run_stuck' }
  /** A budget was reached before a step: the run pauses (a BudgetEvent says which). */
  | { kind: 'budget_reached' }
  /** The sandbox stopped answering during the run (a Docker daemon gone): paused with the reason. */
  | { kind: 'sandbox_lost' }
  /** Upstream's pause: takes effect at once on an idle or running conversation, else changes nothing. */
  | { kind: 'pause_asked' }
  /** Interrupt: the run was stopped and its pending actions answered. */
  | { kind: 'interrupted' }
  /**
   * A person's message. It ends a finished, failed or stuck run's standing (the next run starts
   * fresh), and while actions waited it answered them (they were rejected): idle.
   */
  | { kind: 'user_message'; supersededPending: boolean }
  /** Every pending action was rejected: nothing is left to run. */
  | { kind: 'all_rejected' }
  /** The leaf moved to an earlier event: what the old leaf was waiting for or ended with no longer holds. */
  | { kind: 'navigated' };

/** Every status a conversation may move to from each status. */
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

/** Where `happening` leads from `status`. Pure; throws for a transition the table forbids. */
export function nextStatus(status: ExecutionStatus, happening: StatusHappening): ExecutionStatus {
  const next = target(status, happening);
  if (!canTransition(status, next)) {
    throw new Error(`status ${status} cannot become ${next} (${happening.kind})`);
  }
  return next;
}

function target(status: ExecutionStatus, happening: StatusHappening): ExecutionStatus {
  switch (happening.kind) {
    case 'run_started':
      return 'running';
    case 'run_finished':
      return 'finished';
    case 'confirmation_needed':
      return 'waiting_for_confirmation';
    case 'run_failed':
      return 'error';
    case 'run_stuck':
      return 'stuck';
    case 'budget_reached':
    case 'sandbox_lost':
      return 'paused';
    case 'pause_asked':
      return status === 'idle' || status === 'running' ? 'paused' : status;
    case 'interrupted':
      return 'paused';
    case 'user_message':
      if (happening.supersededPending || status === 'waiting_for_confirmation') return 'idle';
      return statusAfterUserMessage(status);
    case 'all_rejected':
      return 'idle';
    case 'navigated':
      return status === 'running' || status === 'paused' ? status : 'idle';
  }
}

/** Statuses a user message moves back to idle, so the next run starts fresh. */
function statusAfterUserMessage(status: ExecutionStatus): ExecutionStatus {
  return status === 'finished' || status === 'error' || status === 'stuck' ? 'idle' : status;
}
