import { contentText, type NewEvent } from '../events';
import type { LLM, LLMUsage } from '../llm/llm';
import type { CondensationPlan } from './condenser';
import { contextWindowOf, promptBudget } from './context-window';
import { stepMetricsOf } from '../llm/step-metrics-of';
import {
  parseStructuredSummary,
  renderStructuredSummary,
  SUMMARY_HEADINGS,
  unstructuredSummary,
} from './structured-summary';
import { estimateTextTokens } from './token-estimate';
import type { ViewItem } from './view';

const SUMMARY_INSTRUCTIONS = `You maintain the memory of a coding agent whose conversation grew too long.
Summarise the events below so the agent can continue the task without them. Answer with exactly these
five Markdown sections, in this order, each under its heading, and nothing before or after them:

${SUMMARY_HEADINGS.map(([, heading]) => `## ${heading}`).join('\n')}

Under the goal: what the user asked for and every constraint they set. Under files: each path created,
changed or deleted, with what changed. Under decisions: what was chosen and why, and commands that
worked or failed. Under open tasks: what remains to do. Under current state: where the work stands now.
An earlier summary among the events is folded in. Be concise and factual; write "(none)" for an empty
section.`;

const MAX_ITEM_CHARS = 2_000;
const SUMMARY_MAX_TOKENS = 2_000;

/**
 * Summarises the planned slice with exactly one model call and returns the Condensation event to
 * append. Rejects with the model's LLMError (the caller decides what a failure means for the run).
 */
export async function summarizeCondensation(
  plan: CondensationPlan,
  llm: LLM,
  ports: {
    id: string;
    timestamp: string;
    signal?: AbortSignal;
    onUsage?: (usage: LLMUsage) => void;
    /** The clock after the call, for its latency (default: no latency recorded). */
    endedAt?: () => string;
    /** The prompt budget of the model (default: from its known window); the summary call must fit it too. */
    maxInputTokens?: number;
  },
): Promise<NewEvent> {
  const startedAt = ports.timestamp;
  const budget = ports.maxInputTokens ?? promptBudget(contextWindowOf(llm.model, llm.provider));
  const transcript = boundTranscript(
    plan.forgotten.map(renderItem),
    budget - estimateTextTokens(SUMMARY_INSTRUCTIONS),
  );
  const response = await llm.complete({
    messages: [
      { role: 'system', content: SUMMARY_INSTRUCTIONS },
      { role: 'user', content: [{ type: 'text', text: transcript }] },
    ],
    tools: [],
    maxOutputTokens: SUMMARY_MAX_TOKENS,
    purpose: 'summary',
    ...(ports.signal ? { signal: ports.signal } : {}),
  });
  ports.onUsage?.(response.usage);
  const sections = parseStructuredSummary(response.text);
  return {
    kind: 'Condensation',
    id: ports.id,
    timestamp: ports.timestamp,
    source: 'environment',
    forgotten_event_ids: plan.forgottenEventIds,
    summary: sections ? renderStructuredSummary(sections) : summaryText(response.text),
    summary_offset: plan.offset,
    llm_response_id: response.id,
    ...(sections ? { summary_sections: sections } : {}),
    ...(plan.mode === 'hard_reset' ? { mode: 'hard_reset' as const } : {}),
    metrics: stepMetricsOf(llm.model, response.usage, startedAt, ports.endedAt?.() ?? startedAt),
  };
}

/** What an unstructured reply leaves: a marked, cut copy, or a note when the model wrote nothing. */
function summaryText(text: string): string {
  if (text.trim() === '')
    return '(The earlier part of the conversation was condensed; no summary was produced.)';
  return unstructuredSummary(text);
}

/**
 * The slice as text within `maxTokens`: when it does not fit, the first part (the earlier summary,
 * or the oldest event) and as many of the newest as fit, with a note of how many were left out.
 * The summary call would otherwise overflow the same window the condensation is trying to relieve.
 */
export function boundTranscript(parts: readonly string[], maxTokens: number): string {
  const tokens = parts.map((part) => estimateTextTokens(part) + 1);
  if (tokens.reduce((sum, value) => sum + value, 0) <= maxTokens) return parts.join('\n\n');
  const [first = '', ...rest] = parts;
  let room = maxTokens - (tokens[0] ?? 0) - 20;
  const kept: string[] = [];
  for (let index = rest.length - 1; index >= 0; index--) {
    const cost = tokens[index + 1] ?? 0;
    if (cost > room) break;
    room -= cost;
    kept.unshift(rest[index] ?? '');
  }
  const left = rest.length - kept.length;
  return [
    first,
    `[… ${left} earlier event${left === 1 ? '' : 's'} left out to fit the model …]`,
    ...kept,
  ].join('\n\n');
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
