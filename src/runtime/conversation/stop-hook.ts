import type { AgentContext } from '../agent/agent-context';
import { appendHookNote } from './append-hook-note';

/** How many times in one run Stop hooks may send the agent back to work, so a hook cannot loop it forever. */
export const MAX_STOP_HOOK_RETURNS = 3;

/** Prefix of the message the model reads when a Stop hook sends it back (upstream's words). */
export const STOP_HOOK_FEEDBACK_PREFIX = '[Stop hook feedback]';

/**
 * The agent is about to finish: runs the Stop hooks. True when one blocked (exit 2, `decision:
 * deny`, `continue: false`) and the agent goes back to work: its feedback (the hooks'
 * `additionalContext`, else the blocking reason) is appended as an environment message the model
 * reads. Never throws.
 */
export async function stopHookSendsBack(context: AgentContext): Promise<boolean> {
  const hooks = context.hooks;
  if (!hooks?.has('Stop') || context.signal.aborted) return false;
  const outcome = await hooks.run(
    { event_type: 'Stop', metadata: { reason: 'agent_finished' } },
    context.signal,
  );
  if (!outcome.blocked || context.signal.aborted) return false;
  const feedback = outcome.contexts.length > 0 ? outcome.contexts.join('\n') : outcome.reason;
  await appendHookNote(context, `${STOP_HOOK_FEEDBACK_PREFIX} ${feedback ?? 'Blocked by hook'}`);
  return true;
}
