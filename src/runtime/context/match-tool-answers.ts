import type { ActionEvent, Event } from '../events';
import { isToolAnswer, type ToolAnswer, type ViewItem } from './view-item';

export interface ToolAnswerMatch {
  /** Action event id -> the first answer to it. */
  answerOf: Map<string, ToolAnswer>;
  /** Answer event id -> the action it answers. Answers missing here answer nothing (or a call already answered). */
  actionOf: Map<string, ActionEvent>;
}

/**
 * Pairs actions with their answers in log order. Observations and rejections name their action by
 * `action_id`; an AgentErrorEvent only has a `tool_call_id`, so it answers the oldest unanswered
 * action with that call id (models reuse call ids across turns, so the id alone is not enough).
 * A second answer to the same action is left unpaired.
 */
export function matchToolAnswers(items: readonly (ViewItem | Event)[]): ToolAnswerMatch {
  const answerOf = new Map<string, ToolAnswer>();
  const actionOf = new Map<string, ActionEvent>();
  const actionsById = new Map<string, ActionEvent>();
  const openByCallId = new Map<string, ActionEvent[]>();
  const pair = (action: ActionEvent, answer: ToolAnswer) => {
    answerOf.set(action.id, answer);
    actionOf.set(answer.id, action);
    const open = openByCallId.get(action.tool_call_id);
    if (open)
      openByCallId.set(
        action.tool_call_id,
        open.filter((candidate) => candidate !== action),
      );
  };
  for (const item of items) {
    if (item.kind === 'ActionEvent') {
      actionsById.set(item.id, item);
      openByCallId.set(item.tool_call_id, [...(openByCallId.get(item.tool_call_id) ?? []), item]);
    } else if (isToolAnswer(item)) {
      const action =
        item.kind === 'AgentErrorEvent'
          ? openByCallId.get(item.tool_call_id)?.[0]
          : actionsById.get(item.action_id);
      if (action && !answerOf.has(action.id)) pair(action, item);
    }
  }
  return { answerOf, actionOf };
}
