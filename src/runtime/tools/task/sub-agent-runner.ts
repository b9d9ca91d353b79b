import type { TaskAction, TaskObservation } from '../../events';

/**
 * Runs one `task` call of a conversation to its end: makes the child conversation, runs it, and
 * answers what it ended with. Never throws for expected failures (a tool the parent lacks, the depth
 * cap, the child stopped, its limits reached): those are observations with `is_error`. When `signal`
 * fires (the parent was interrupted) the child is interrupted too and the answer says so.
 */
export interface SubAgentRunner {
  run(
    action: TaskAction,
    call: { actionId: string | undefined; signal: AbortSignal },
  ): Promise<TaskObservation>;
}
