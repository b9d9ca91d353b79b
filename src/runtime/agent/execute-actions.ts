import { type ActionEvent, ObservationSchema } from '../events';
import type { AgentContext, StepOutcome } from './agent-context';

/**
 * Runs actions in order, appending one ObservationEvent (or AgentErrorEvent) per action. Stops before
 * the next action once the signal fired (the interrupt answers what is left) and after a finish.
 * Never throws for a tool's failure: the model reads it as an error.
 */
export async function executeActions(
  actions: readonly ActionEvent[],
  context: AgentContext,
): Promise<Extract<StepOutcome, { kind: 'continue' | 'finished' | 'aborted' }>> {
  for (const actionEvent of actions) {
    if (context.signal.aborted) return { kind: 'aborted' };
    await executeOne(actionEvent, context);
    if (actionEvent.action?.kind === 'FinishAction') return { kind: 'finished' };
  }
  return context.signal.aborted ? { kind: 'aborted' } : { kind: 'continue' };
}

async function executeOne(actionEvent: ActionEvent, context: AgentContext): Promise<void> {
  const answer = { tool_name: actionEvent.tool_name, tool_call_id: actionEvent.tool_call_id };
  const fail = (error: string) =>
    context.append({
      kind: 'AgentErrorEvent',
      id: context.newId(),
      timestamp: context.now(),
      source: 'environment',
      ...answer,
      error,
    });
  const tool = context.toolset.get(actionEvent.tool_name);
  if (!tool || !actionEvent.action) {
    await fail(`Tool "${actionEvent.tool_name}" is not available in this conversation.`);
    return;
  }
  let result: unknown;
  try {
    result = await tool.execute(actionEvent.action, {
      conversationId: context.conversationId,
      workspaceDir: context.workspaceDir,
      observationsDir: context.observationsDir,
      // The editor may read the cut outputs the terminal points the model to, and nothing else outside.
      readOnlyRoots: [context.observationsDir],
      signal: context.signal,
    });
  } catch (error) {
    await fail(
      `Tool "${actionEvent.tool_name}" failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
    );
    return;
  }
  const observation = ObservationSchema.safeParse(result);
  if (!observation.success) {
    await fail(`Tool "${actionEvent.tool_name}" returned a result that could not be recorded.`);
    return;
  }
  await context.append({
    kind: 'ObservationEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'environment',
    ...answer,
    action_id: actionEvent.id,
    observation: observation.data,
  });
}
