import { pendingActions } from '../../event-facts';
import type { ConversationLog } from './conversation-log';
import type { LiveConversationPorts } from './live-conversation-ports';
import type { LoopState } from './loop-state';
import { settlesWithin } from './run-fence';

/** How long an interrupt waits for a tool that ignores its abort signal before answering anyway. */
const INTERRUPT_GRACE_MS = 1_500;
export const INTERRUPTED_ERROR = 'Interrupted: the person stopped the run before this action finished.';

/**
 * Interrupts at once: aborts the task (a task that ignores its abort for INTERRUPT_GRACE_MS is fenced
 * off and answered for), answers every pending action with an error, and records the interrupt.
 */
export async function interruptNow(
  log: ConversationLog,
  ports: LiveConversationPorts,
  state: LoopState,
): Promise<void> {
  const stamp = () => ({ id: ports.newId(), timestamp: ports.now() });
  state.cancelResume();
  ports.runSlots.cancel(log.id);
  const wasRunning = state.hasTask();
  const current = state.run();
  const task = state.task();
  current?.controller.abort();
  if (task && current && !(await settlesWithin(task, INTERRUPT_GRACE_MS))) {
    // The run ignores its abort: answer for it, and make sure it can no longer add to the log.
    state.fence(current);
    ports.runSlots.release(log.id);
  }
  const pending = pendingActions(log.branch());
  if (!wasRunning && pending.length === 0) return;
  for (const action of pending)
    log.append({
      kind: 'AgentErrorEvent',
      ...stamp(),
      source: 'environment',
      tool_name: action.tool_name,
      tool_call_id: action.tool_call_id,
      error: INTERRUPTED_ERROR,
    });
  await log.append({ kind: 'InterruptEvent', ...stamp(), source: 'user' });
  await log.transition({ kind: 'interrupted' });
  await log.settled();
}
