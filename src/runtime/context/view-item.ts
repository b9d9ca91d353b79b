import type {
  ActionEvent,
  AgentErrorEvent,
  Event,
  FilesRestoredEvent,
  MessageEvent,
  ObservationEvent,
  SystemPromptEvent,
  UserRejectObservation,
} from '../events';

/** The events the model reads (a files restore as an environment note). State updates, pauses, person-facing errors and condensation markers are not. */
export type LLMVisibleEvent =
  | SystemPromptEvent
  | MessageEvent
  | ActionEvent
  | ObservationEvent
  | UserRejectObservation
  | AgentErrorEvent
  | FilesRestoredEvent;

/** What a Condensation leaves in the view in place of the events it forgot. `id` is the Condensation's. */
export interface CondensationSummary {
  kind: 'CondensationSummary';
  id: string;
  summary: string;
}

export type ViewItem = LLMVisibleEvent | CondensationSummary;

/** The answer to a tool call: its result, its rejection, or the error that replaced running it. */
export type ToolAnswer = ObservationEvent | UserRejectObservation | AgentErrorEvent;

export function isLLMVisible(event: Event): event is LLMVisibleEvent {
  switch (event.kind) {
    case 'SystemPromptEvent':
    case 'MessageEvent':
    case 'ActionEvent':
    case 'ObservationEvent':
    case 'UserRejectObservation':
    case 'AgentErrorEvent':
    case 'FilesRestoredEvent':
      return true;
    default:
      return false;
  }
}

export function isToolAnswer(item: ViewItem | Event): item is ToolAnswer {
  return (
    item.kind === 'ObservationEvent' ||
    item.kind === 'UserRejectObservation' ||
    item.kind === 'AgentErrorEvent'
  );
}
