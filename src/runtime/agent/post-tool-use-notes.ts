import type { ActionEvent, Observation } from '../events';
import type { AgentContext } from './agent-context';

/**
 * Runs the PostToolUse hooks for one call that produced an observation, and returns the notes the
 * model should read: each hook's `additionalContext`, and a blocking hook's reason (exit 2 after the
 * fact cannot undo the call, so it is told, as upstream's hooks tell Claude Code). Never throws.
 */
export async function postToolUseNotes(
  actionEvent: ActionEvent,
  observation: Observation,
  context: AgentContext,
): Promise<string[]> {
  const hooks = context.hooks;
  if (!hooks?.has('PostToolUse') || !actionEvent.action) return [];
  const outcome = await hooks.run(
    {
      event_type: 'PostToolUse',
      tool_name: actionEvent.tool_name,
      tool_input: { ...actionEvent.action },
      tool_response: { ...observation },
      action_id: actionEvent.id,
    },
    context.signal,
  );
  const notes = [...outcome.contexts];
  if (outcome.blocked && outcome.reason) notes.push(outcome.reason);
  return notes.map((note) => `PostToolUse hook on ${actionEvent.tool_name}: ${note}`);
}

/** Appends the notes of a step's calls as one environment message, after every answer of the batch. */
export async function appendHookNotes(notes: readonly string[], context: AgentContext): Promise<void> {
  if (notes.length === 0) return;
  await context.append({
    kind: 'MessageEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'environment',
    llm_message: { role: 'user', content: [{ type: 'text', text: notes.join('\n\n') }] },
    extended_content: [],
  });
}
