import {
  type ActionIn,
  type AgentErrorShape,
  type AnswerIn,
  isAction,
  isAnswer,
  type NamedAnswerShape,
  type RuleEvent,
} from './rule-events';

export interface AnswerPairing<E> {
  /** Action id -> the one answer that ends it. */
  answerOf: Map<string, AnswerIn<E>>;
  /** Answer id -> the action it ends. */
  actionOf: Map<string, ActionIn<E>>;
  /**
   * Answers that end nothing: their action is not among the events (an older page, another branch),
   * it was already answered, or no unanswered call with their id came before them.
   */
  unpaired: Set<string>;
}

/**
 * The one rule for which answer ends which tool call, used by the runtime (what the model is shown,
 * what is still pending) and by the UI (what each card shows, what the approval dialog lists).
 *
 * Walking the events in log order:
 * - an observation or a rejection ends the action it names by `action_id`;
 * - an agent error knows only a `tool_call_id`, so it ends the EARLIEST still unanswered action with
 *   that call id that came before it. Models reuse call ids across turns, and providers expect tool
 *   results in call order, so the oldest open call is the one waiting for this answer; matching the
 *   latest instead (as the UI once did) leaves an older call looking pending forever;
 * - an action is ended once: a later answer to it, or an answer that comes before its action, ends
 *   nothing and is reported in `unpaired`.
 *
 * One pass, O(n): per call id a queue of open actions whose answered head is skipped lazily.
 */
export function pairAnswers<E extends RuleEvent>(events: Iterable<E>): AnswerPairing<E> {
  const answerOf = new Map<string, AnswerIn<E>>();
  const actionOf = new Map<string, ActionIn<E>>();
  const unpaired = new Set<string>();
  const actionsById = new Map<string, ActionIn<E>>();
  const openByCallId = new Map<string, { queue: ActionIn<E>[]; head: number }>();

  const earliestOpen = (callId: string): ActionIn<E> | undefined => {
    const open = openByCallId.get(callId);
    if (!open) return undefined;
    while (open.head < open.queue.length) {
      const candidate = open.queue[open.head];
      if (candidate && !answerOf.has(candidate.id)) return candidate;
      open.head++;
    }
    return undefined;
  };

  for (const event of events) {
    if (isAction(event)) {
      actionsById.set(event.id, event);
      const open = openByCallId.get(event.tool_call_id);
      if (open) open.queue.push(event);
      else openByCallId.set(event.tool_call_id, { queue: [event], head: 0 });
    } else if (isAnswer(event)) {
      const action =
        event.kind === 'AgentErrorEvent'
          ? earliestOpen((event as AgentErrorShape).tool_call_id)
          : actionsById.get((event as NamedAnswerShape).action_id);
      if (action && !answerOf.has(action.id)) {
        answerOf.set(action.id, event);
        actionOf.set(event.id, action);
      } else {
        unpaired.add(event.id);
      }
    }
  }
  return { answerOf, actionOf, unpaired };
}
