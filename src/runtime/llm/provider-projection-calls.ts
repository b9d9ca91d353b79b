import type { ChatMessage } from './llm';
import type { ProviderRules } from './provider-projection-rules';
import { normaliseToolName } from './provider-projection-rules';

type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;

/** One tool call as the request will carry it, with the result that pairs with it, if any. */
export interface CallSlot {
  id: string;
  name: string;
  arguments: string;
  result?: string;
}

export interface PairedCalls {
  /** Per message index: the slots of an assistant message's calls, in order. */
  slotsOf: Map<number, CallSlot[]>;
}

/**
 * Pairs every tool result with the most recent call with that id before it (a second result for the
 * same call, or one with no call, pairs with nothing), and gives each call an id the provider takes
 * that no other call in the request has. Valid, unique ids are kept; an invalid one is cleaned up
 * when that is enough, else a new one is minted; `remintAll` mints every id. Names follow the tool
 * name pattern, a result taking its call's name. Pure.
 */
export function pairCalls(
  messages: readonly ChatMessage[],
  rules: ProviderRules,
  remintAll: boolean,
): PairedCalls {
  // Minted ids avoid the log's own, so a kept id never meets a minted twin (unless none is kept).
  const reserved = new Set<string>();
  for (const message of remintAll ? [] : messages) {
    if (message.role === 'assistant') for (const call of message.tool_calls) reserved.add(call.id);
  }
  const used = new Set<string>();
  let minted = 0;
  const mint = (): string => {
    let id: string;
    do {
      minted += 1;
      id = `call_${minted}`;
    } while (used.has(id) || reserved.has(id));
    return id;
  };
  const pick = (original: string): string => {
    if (remintAll) return mint();
    if (rules.validCallId(original) && !used.has(original)) return original;
    const cleaned = original.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, rules.maxCallIdLength);
    if (cleaned !== '' && rules.validCallId(cleaned) && !used.has(cleaned) && !reserved.has(cleaned))
      return cleaned;
    return mint();
  };

  const slotsOf = new Map<number, CallSlot[]>();
  const latest = new Map<string, CallSlot>();
  messages.forEach((message, index) => {
    if (message.role === 'assistant') {
      slotsOf.set(index, slotsFor(message, pick, used, latest));
    } else if (message.role === 'tool') {
      const slot = latest.get(message.tool_call_id);
      if (slot && slot.result === undefined) slot.result = message.content;
    }
  });
  return { slotsOf };
}

function slotsFor(
  message: AssistantMessage,
  pick: (original: string) => string,
  used: Set<string>,
  latest: Map<string, CallSlot>,
): CallSlot[] {
  return message.tool_calls.map((call) => {
    const id = pick(call.id);
    used.add(id);
    const slot: CallSlot = { id, name: normaliseToolName(call.name), arguments: call.arguments };
    latest.set(call.id, slot);
    return slot;
  });
}
