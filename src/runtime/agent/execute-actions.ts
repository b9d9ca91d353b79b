import { type ActionEvent, type Observation, ObservationSchema } from '../events';
import type { AgentContext, StepOutcome } from './agent-context';
import { appendHookNotes, postToolUseNotes } from './post-tool-use-notes';
import { readOnlyGroups } from './read-only-groups';

/** What one call came to: an observation to record, or an error the model reads. */
type CallOutcome = { observation: Observation } | { error: string };

/**
 * Runs actions in call order, appending one ObservationEvent (or AgentErrorEvent) per action, in the
 * same order. Consecutive read-only calls run together, at most `toolConcurrencyLimit` at a time (their
 * answers are still appended in call order, once all of the group are done); a call that may write
 * runs alone. Stops before the next action or group once the signal fired (the interrupt answers what
 * is left) and after a finish. Never throws for a tool's failure: the model reads it as an error.
 * The PostToolUse hooks run after each observation; their notes follow the batch's last answer.
 */
export async function executeActions(
  actions: readonly ActionEvent[],
  context: AgentContext,
): Promise<Extract<StepOutcome, { kind: 'continue' | 'finished' | 'aborted' }>> {
  const notes: string[] = [];
  const outcome = await runGroups(actions, context, notes);
  await appendHookNotes(notes, context);
  return outcome;
}

async function runGroups(
  actions: readonly ActionEvent[],
  context: AgentContext,
  notes: string[],
): Promise<Extract<StepOutcome, { kind: 'continue' | 'finished' | 'aborted' }>> {
  const limit = Math.max(1, context.toolConcurrencyLimit ?? 1);
  for (const group of readOnlyGroups(actions, context.toolset, limit)) {
    if (context.signal.aborted) return { kind: 'aborted' };
    const outcomes = await Promise.all(group.map((actionEvent) => runCall(actionEvent, context)));
    for (const [index, actionEvent] of group.entries()) {
      const outcome = outcomes[index] as CallOutcome;
      await recordOutcome(actionEvent, outcome, context);
      if ('observation' in outcome)
        notes.push(...(await postToolUseNotes(actionEvent, outcome.observation, context)));
      if (actionEvent.action?.kind === 'FinishAction') return { kind: 'finished' };
    }
  }
  return context.signal.aborted ? { kind: 'aborted' } : { kind: 'continue' };
}

async function runCall(actionEvent: ActionEvent, context: AgentContext): Promise<CallOutcome> {
  const tool = context.toolset.get(actionEvent.tool_name);
  if (!tool || !actionEvent.action)
    return { error: `Tool "${actionEvent.tool_name}" is not available in this conversation.` };
  let result: unknown;
  try {
    result = await tool.execute(actionEvent.action, {
      conversationId: context.conversationId,
      workspaceDir: context.workspaceDir,
      observationsDir: context.observationsDir,
      // The editor may read the cut outputs the terminal points the model to, and nothing else outside.
      readOnlyRoots: [context.observationsDir],
      signal: context.signal,
      actionId: actionEvent.id,
    });
  } catch (error) {
    return {
      error: `Tool "${actionEvent.tool_name}" failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const observation = ObservationSchema.safeParse(result);
  if (!observation.success)
    return { error: `Tool "${actionEvent.tool_name}" returned a result that could not be recorded.` };
  return { observation: observation.data };
}

async function recordOutcome(
  actionEvent: ActionEvent,
  outcome: CallOutcome,
  context: AgentContext,
): Promise<void> {
  const answer = { tool_name: actionEvent.tool_name, tool_call_id: actionEvent.tool_call_id };
  const common = { id: context.newId(), timestamp: context.now(), source: 'environment' as const, ...answer };
  if ('error' in outcome) {
    await context.append({ kind: 'AgentErrorEvent', ...common, error: outcome.error });
    return;
  }
  await context.append({
    kind: 'ObservationEvent',
    ...common,
    action_id: actionEvent.id,
    observation: outcome.observation,
  });
}
