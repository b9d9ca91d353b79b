import type { AgentContext, StepOutcome } from '../agent/agent-context';
import { detectStuck } from '../agent/detect-stuck';
import { runAgentStep } from '../agent/run-agent-step';
import { runPromptHooks } from './prompt-hooks';
import type { StatusHappening } from './status-machine';
import { MAX_STOP_HOOK_RETURNS, stopHookSendsBack } from './stop-hook';

export interface LoopControl {
  maxIterations: number;
  stuckDetection: boolean;
  /**
   * True once a pause was asked for: the loop starts no new step. The pause itself (PauseEvent and
   * status `paused`) was recorded when it was asked for, so the loop only stops.
   */
  pauseRequested(): boolean;
  /** Before each step: 'stop' when a budget was reached (recorded, and the status set to paused). */
  enforceBudgets(): 'go_on' | 'stop';
  /**
   * Before each step: 'stop' when the sandbox went away during the run (recorded with the reason,
   * and the status set to paused); absent: nothing to check.
   */
  enforceSandbox?(): 'go_on' | 'stop';
  transition(happening: StatusHappening): void;
}

/**
 * Steps the agent until it finishes, waits, fails, gets stuck, is paused or interrupted; the hooks
 * of the conversation run before a step (SessionStart, UserPromptSubmit) and when it would finish
 * (Stop, which may send it back at most MAX_STOP_HOOK_RETURNS times). Status is
 * `running` on entry (or already `paused`). Every ending except a pause or an interrupt sets the final
 * status itself; those were recorded by whoever asked for them.
 */
export async function runLoop(context: AgentContext, control: LoopControl): Promise<void> {
  let stopHookReturns = 0;
  for (let iterations = 0; ; iterations++) {
    if (context.signal.aborted) return;
    if (control.pauseRequested()) return;
    if (control.stuckDetection && stopWhenStuck(context, control)) return;
    if (control.enforceBudgets() === 'stop') return;
    if (control.enforceSandbox?.() === 'stop') return;
    if (iterations >= control.maxIterations) {
      endWithError(context, control, {
        code: 'MaxIterationsReached',
        detail: `The agent took ${control.maxIterations} steps in this run without finishing. Send a message to continue, or raise max_iterations.`,
      });
      return;
    }
    const prompt = await runPromptHooks(context);
    if (prompt) {
      endWithError(context, control, {
        code: 'HookBlockedMessage',
        detail: `A UserPromptSubmit hook blocked the message, so the agent did not read it: ${prompt.blocked}`,
      });
      return;
    }
    const outcome = await runAgentStep(context);
    // A Stop hook may send the agent back to work, a bounded number of times per run.
    if (
      outcome.kind === 'finished' &&
      stopHookReturns < MAX_STOP_HOOK_RETURNS &&
      (await stopHookSendsBack(context))
    ) {
      stopHookReturns++;
      continue;
    }
    if (applyOutcome(outcome, context, control) === 'stop') return;
  }
}

export function applyOutcome(
  outcome: StepOutcome,
  context: AgentContext,
  control: LoopControl,
): 'go_on' | 'stop' {
  switch (outcome.kind) {
    case 'continue':
      return 'go_on';
    case 'finished':
      control.transition({ kind: 'run_finished' });
      return 'stop';
    case 'waiting':
      control.transition({ kind: 'confirmation_needed' });
      return 'stop';
    case 'aborted':
      return 'stop';
    case 'error':
      endWithError(context, control, outcome);
      return 'stop';
  }
}

export function endWithError(
  context: Pick<AgentContext, 'append' | 'newId' | 'now'>,
  control: Pick<LoopControl, 'transition'>,
  error: { code: string; detail: string },
): void {
  void context.append({
    kind: 'ConversationErrorEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'environment',
    code: error.code,
    detail: error.detail,
  });
  control.transition({ kind: 'run_failed' });
}

/** Stuck: status `stuck` with an explanation. Three identical errors: one nudge for the model. */
function stopWhenStuck(context: AgentContext, control: LoopControl): boolean {
  const verdict = detectStuck(context.branch());
  if (verdict.kind === 'nudge') {
    const last = context.branch().at(-1);
    const alreadyNudged =
      last?.kind === 'MessageEvent' &&
      last.source === 'environment' &&
      last.llm_message.content[0]?.type === 'text' &&
      last.llm_message.content[0].text === verdict.message;
    if (!alreadyNudged) {
      void context.append({
        kind: 'MessageEvent',
        id: context.newId(),
        timestamp: context.now(),
        source: 'environment',
        llm_message: { role: 'user', content: [{ type: 'text', text: verdict.message }] },
        extended_content: [],
      });
    }
    return false;
  }
  if (verdict.kind !== 'stuck') return false;
  void context.append({
    kind: 'ConversationErrorEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'environment',
    code: 'AgentStuck',
    detail: `${verdict.reason} The run was stopped; send a message with new directions to continue.`,
  });
  control.transition({ kind: 'run_stuck' });
  return true;
}
