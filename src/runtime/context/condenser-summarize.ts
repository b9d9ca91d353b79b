import { contentText, type NewEvent } from '../events';
import type { LLM, LLMUsage } from '../llm/llm';
import type { CondensationPlan } from './condenser';
import type { ViewItem } from './view';

const SUMMARY_INSTRUCTIONS = `You maintain the memory of a coding agent whose conversation grew too long.
Summarise the events below so the agent can continue the task without them. Keep: the user's goals and
constraints, decisions made, files created or changed (with paths), commands that worked or failed and
why, the current state of the task and what remains to do. Be concise and factual; no preamble.`;

const MAX_ITEM_CHARS = 2_000;
const SUMMARY_MAX_TOKENS = 1_500;

/**
 * Summarises the planned slice with exactly one model call and returns the Condensation event to
 * append. Rejects with the model's LLMError (the caller decides what a failure means for the run).
 */
export async function summarizeCondensation(
  plan: CondensationPlan,
  llm: LLM,
  ports: { id: string; timestamp: string; signal?: AbortSignal; onUsage?: (usage: LLMUsage) => void },
): Promise<NewEvent> {
  const transcript = plan.forgotten.map(renderItem).join('\n\n');
  const response = await llm.complete({
    messages: [
      { role: 'system', content: SUMMARY_INSTRUCTIONS },
      { role: 'user', content: [{ type: 'text', text: transcript }] },
    ],
    tools: [],
    maxOutputTokens: SUMMARY_MAX_TOKENS,
    ...(ports.signal ? { signal: ports.signal } : {}),
  });
  ports.onUsage?.(response.usage);
  const summary =
    response.text.trim() || '(The earlier part of the conversation was condensed; no summary was produced.)';
  return {
    kind: 'Condensation',
    id: ports.id,
    timestamp: ports.timestamp,
    source: 'environment',
    forgotten_event_ids: plan.forgottenEventIds,
    summary,
    summary_offset: plan.offset,
    llm_response_id: response.id,
  };
}

function renderItem(item: ViewItem): string {
  switch (item.kind) {
    case 'CondensationSummary':
      return `[Summary of earlier events]\n${item.summary}`;
    case 'MessageEvent':
      return `[${item.source} message]\n${clip(contentText(item.llm_message.content))}`;
    case 'ActionEvent':
      return `[agent called ${item.tool_name}]\n${clip(item.tool_call.arguments)}`;
    case 'ObservationEvent':
      return `[result of ${item.tool_name}]\n${clip(contentText(item.observation.content))}`;
    case 'AgentErrorEvent':
      return `[error from ${item.tool_name}]\n${clip(item.error)}`;
    case 'UserRejectObservation':
      return `[the person rejected ${item.tool_name}]\n${clip(item.rejection_reason)}`;
    default:
      return `[${item.kind}]`;
  }
}

function clip(text: string): string {
  return text.length > MAX_ITEM_CHARS ? `${text.slice(0, MAX_ITEM_CHARS)}… [cut]` : text;
}
