import type { Action, ActionEvent, NewEvent, StepMetrics, ToolCall } from '../events';
import type { LLMResponse } from '../llm/llm';
import { analyzeRisk } from '../security/analyze-risk';
import type { AgentContext } from './agent-context';
import { type ParsedToolCall, parseToolCall } from './parse-tool-call';

const AFTER_FINISH_ERROR =
  'Not executed: finish was called earlier in the same response, which ended the task.';

/**
 * Appends one ActionEvent per tool call of a response (the batch shares `llm_response_id`; the text
 * and reasoning go on the first, the reasoning also as a thinking block when the provider signed it),
 * then one AgentErrorEvent for every call that cannot run. Returns the actions to execute, in order.
 * When one of the calls may change files, the workspace is snapshotted first and the checkpoint id
 * goes on each such action (the state before this step). `metrics`, the call's figures, go on the first.
 */
export async function recordToolCalls(
  response: LLMResponse,
  itemId: string,
  context: AgentContext,
  metrics?: StepMetrics,
): Promise<ActionEvent[]> {
  const parsedCalls = withUniqueIds(response.tool_calls, context).map((call) =>
    parseToolCall(call, context.toolset, response.tool_call_errors?.[call.id]),
  );
  const checkpointId =
    context.checkpoint && parsedCalls.some((parsed) => mayChangeFiles(parsed.action))
      ? await context.checkpoint()
      : undefined;
  const finishIndex = parsedCalls.findIndex((parsed) => parsed.action?.kind === 'FinishAction');
  const newActions = parsedCalls.map((parsed, index) =>
    actionEvent(
      parsed,
      index === 0 ? response : undefined,
      itemId,
      context,
      mayChangeFiles(parsed.action) ? checkpointId : undefined,
    ),
  );
  // The call's figures go once, on the first action, as its text and reasoning do.
  const first = newActions[0];
  if (first?.kind === 'ActionEvent' && metrics) first.metrics = metrics;
  // Every action, then every error, asked for without a pause between them (one step, in this order).
  const storedActions = newActions.map((event) => context.append(event));
  const runnableAt: number[] = [];
  newActions.forEach((_event, index) => {
    const parsed = parsedCalls[index] as ParsedToolCall;
    const afterFinish = finishIndex >= 0 && index > finishIndex;
    const error = parsed.error ?? (afterFinish ? AFTER_FINISH_ERROR : undefined);
    if (error === undefined) {
      runnableAt.push(index);
      return;
    }
    void context.append({
      kind: 'AgentErrorEvent',
      id: context.newId(),
      timestamp: context.now(),
      source: 'environment',
      tool_name: parsed.toolName,
      tool_call_id: parsed.toolCall.id,
      error,
    });
  });
  const actionEvents = (await Promise.all(storedActions)) as ActionEvent[];
  return runnableAt.map((index) => actionEvents[index] as ActionEvent);
}

/** Pending actions are matched to their answers by tool_call_id, so a batch must not repeat one. */
function withUniqueIds(calls: readonly ToolCall[], context: AgentContext): ToolCall[] {
  const seen = new Set<string>();
  return calls.map((call) => {
    const id =
      call.id === '' || seen.has(call.id)
        ? `call_${context.newId().replace(/-/g, '').slice(0, 35)}`
        : call.id;
    seen.add(id);
    return id === call.id ? call : { ...call, id };
  });
}

function actionEvent(
  parsed: ParsedToolCall,
  first: LLMResponse | undefined,
  itemId: string,
  context: AgentContext,
  checkpointId: string | undefined,
): NewEvent {
  const assessment = parsed.action
    ? analyzeRisk(context.securityAnalyzer(), {
        action: parsed.action,
        modelRisk: parsed.modelRisk,
        workspaceDir: context.workspaceDir,
      })
    : { risk: 'UNKNOWN' as const, reasons: [] };
  const thought = first?.text ? [{ type: 'text' as const, text: first.text }] : [];
  return {
    kind: 'ActionEvent',
    id: context.newId(),
    timestamp: context.now(),
    source: 'agent',
    thought,
    ...(first?.reasoning ? { reasoning_content: first.reasoning } : {}),
    ...(first?.reasoning && first.reasoning_signature
      ? {
          thinking_blocks: [
            { type: 'thinking' as const, thinking: first.reasoning, signature: first.reasoning_signature },
          ],
        }
      : {}),
    action: parsed.action,
    tool_name: parsed.toolName,
    tool_call_id: parsed.toolCall.id,
    tool_call: parsed.toolCall,
    llm_response_id: itemId,
    security_risk: assessment.risk,
    ...(assessment.reasons.length > 0 ? { risk_reasons: assessment.reasons } : {}),
    ...(parsed.summary ? { summary: parsed.summary } : {}),
    ...(checkpointId ? { checkpoint_id: checkpointId } : {}),
  };
}

/** Terminal commands, file edits and patches may change the workspace; viewing, searching, planning and thinking do not. */
function mayChangeFiles(action: Action | null): boolean {
  if (!action) return false;
  return (
    action.kind === 'TerminalAction' ||
    action.kind === 'ApplyPatchAction' ||
    (action.kind === 'FileEditorAction' && action.command !== 'view')
  );
}
