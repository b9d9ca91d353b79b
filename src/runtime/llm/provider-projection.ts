import type { LLMProvider } from '../events';
import type { ChatMessage } from './llm';
import { type CallSlot, pairCalls } from './provider-projection-calls';
import { projectUserContent } from './provider-projection-images';
import { type ProviderRules, type RepairLevel, providerRules } from './provider-projection-rules';

export type { RepairLevel } from './provider-projection-rules';

export interface ProjectionTarget {
  provider: LLMProvider;
  /** Whether the request defines tools (Anthropic refuses tool blocks in a request without). */
  hasTools: boolean;
  /** Default `none`. */
  repair?: RepairLevel;
}

type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;
type SystemMessage = Extract<ChatMessage, { role: 'system' }>;

export const NO_RESULT = '(No result was recorded for this tool call.)';
export const EMPTY_RESULT = '(The tool returned no output.)';
export const OPENING_PLACEHOLDER = '(The conversation continues.)';

/**
 * The history a provider will accept, made from any log. The log keeps what happened (an empty
 * reply, a tool the model made up, ids from another provider, an SVG someone pasted); only what the
 * model is sent is shaped here, per provider, so one odd turn cannot make every later request fail:
 * - blank text and blank system prompts are dropped, a reply left with nothing is dropped;
 * - images the provider cannot read become a short note;
 * - each tool call keeps its place with exactly one result right after it (a synthetic one when
 *   none was recorded); results that answer no call are dropped;
 * - tool names and call ids follow the provider's patterns, ids unique across the request;
 * - reasoning is sent only to Anthropic, only with the signature it issued;
 * - adjacent system prompts become one (the static and dynamic parts, joined as they always were),
 *   except for Anthropic, which takes them first as separate blocks so the stable one can be cached.
 * `repair` goes further after a provider refused a request (see RepairLevel). Pure.
 */
export function projectForProvider(
  messages: readonly ChatMessage[],
  target: ProjectionTarget,
): ChatMessage[] {
  const rules = providerRules(target.provider);
  const repair = target.repair ?? 'none';
  const strict = repair !== 'none';
  const flat = repair === 'flat' || (rules.toolBlocksNeedTools && !target.hasTools);
  const { slotsOf } = pairCalls(messages, rules, strict);
  const systems: SystemMessage[] = [];
  const projected: ChatMessage[] = [];
  messages.forEach((message, index) => {
    switch (message.role) {
      case 'system':
        if (message.content.trim() === '') return;
        if (rules.systemFirstOnly) systems.push(message);
        else pushSystem(projected, message);
        return;
      case 'user': {
        const content = projectUserContent(message.content, rules.label, strict);
        if (content.length > 0) projected.push({ role: 'user', content });
        return;
      }
      case 'assistant': {
        const slots = slotsOf.get(index) ?? [];
        const reasoning = rules.acceptsReasoning && !strict && !flat ? signedReasoning(message) : {};
        projected.push(...(flat ? flatTurn(message, slots) : assistantTurn(message, slots, reasoning)));
        return;
      }
      case 'tool':
        return; // emitted right after the call it answers
    }
  });
  return withOpening(projected, systems, rules);
}

function assistantTurn(
  message: AssistantMessage,
  slots: readonly CallSlot[],
  reasoning: Pick<AssistantMessage, 'reasoning' | 'reasoning_signature'>,
): ChatMessage[] {
  const content = isBlank(message.content) ? '' : message.content;
  if (content === '' && slots.length === 0) return [];
  return [
    {
      role: 'assistant',
      content,
      ...reasoning,
      tool_calls: slots.map((slot) => ({ id: slot.id, name: slot.name, arguments: slot.arguments })),
    },
    ...slots.map(
      (slot): ChatMessage => ({
        role: 'tool',
        tool_call_id: slot.id,
        tool_name: slot.name,
        content: resultText(slot),
      }),
    ),
  ];
}

/** The last resort: calls as lines of the reply, results as user text after it. */
function flatTurn(message: AssistantMessage, slots: readonly CallSlot[]): ChatMessage[] {
  const lines = [
    isBlank(message.content) ? '' : message.content,
    ...slots.map((slot) => `[Called the tool ${slot.name} with ${slot.arguments.trim() || '{}'}]`),
  ].filter((line) => line !== '');
  if (lines.length === 0) return [];
  return [
    { role: 'assistant', content: lines.join('\n\n'), tool_calls: [] },
    ...slots.map(
      (slot): ChatMessage => ({
        role: 'user',
        content: [{ type: 'text', text: `[Result of the tool ${slot.name}]\n${resultText(slot)}` }],
      }),
    ),
  ];
}

function signedReasoning(
  message: AssistantMessage,
): Pick<AssistantMessage, 'reasoning' | 'reasoning_signature'> {
  const { reasoning, reasoning_signature: signature } = message;
  if (!reasoning || isBlank(reasoning) || !signature) return {};
  return { reasoning, reasoning_signature: signature };
}

function resultText(slot: CallSlot): string {
  if (slot.result === undefined) return NO_RESULT;
  return isBlank(slot.result) ? EMPTY_RESULT : slot.result;
}

/**
 * Adjacent system prompts joined into one: servers whose chat templates take a single system message
 * accept it, and the text is the same on every call. Joined text is no longer only the stable part.
 */
function pushSystem(projected: ChatMessage[], message: SystemMessage): void {
  const previous = projected.at(-1);
  if (previous?.role !== 'system') {
    projected.push(message);
    return;
  }
  projected[projected.length - 1] = { role: 'system', content: `${previous.content}\n\n${message.content}` };
}

/** The system prompts first where the provider wants them; never an empty conversation. */
function withOpening(
  projected: ChatMessage[],
  systems: SystemMessage[],
  rules: ProviderRules,
): ChatMessage[] {
  const turns = [...projected];
  const firstTurn = turns.findIndex((message) => message.role !== 'system');
  const opening: ChatMessage = { role: 'user', content: [{ type: 'text', text: OPENING_PLACEHOLDER }] };
  if (firstTurn === -1) turns.push(opening);
  else if (rules.anthropicTurns && turns[firstTurn]?.role !== 'user') turns.splice(firstTurn, 0, opening);
  const last = turns.at(-1);
  if (rules.anthropicTurns && last?.role === 'assistant' && last.tool_calls.length === 0) {
    turns[turns.length - 1] = { ...last, content: last.content.trimEnd() };
  }
  return [...systems, ...turns];
}

function isBlank(text: string): boolean {
  return text.trim() === '';
}
