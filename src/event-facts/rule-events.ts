/**
 * The least of an event these rules read. The runtime's events (zod-inferred) and the UI's (generated
 * wire types) both fit these shapes, so one implementation serves both without either side's types
 * leaking into the other, and this folder imports nothing.
 */
export interface RuleEvent {
  readonly kind: string;
  readonly id: string;
  readonly parent_id?: string | null | undefined;
}

/** A tool call the model made. `action` is null when its arguments could not be turned into one. */
export interface ActionShape extends RuleEvent {
  readonly kind: 'ActionEvent';
  readonly tool_call_id: string;
  readonly action?: unknown;
}

/** An answer that names its action: the tool's result or the person's rejection. */
export interface NamedAnswerShape extends RuleEvent {
  readonly kind: 'ObservationEvent' | 'UserRejectObservation';
  readonly action_id: string;
}

/** An error that replaced running a tool call; it knows only the call id. */
export interface AgentErrorShape extends RuleEvent {
  readonly kind: 'AgentErrorEvent';
  readonly tool_call_id: string;
}

/** Who decided whether an action could run (a rule, the policy, the person). */
export interface DecisionShape extends RuleEvent {
  readonly kind: 'ConfirmationDecisionEvent';
  readonly action_id: string;
}

/** A change of the conversation's small mutable state (status, policy, stats…). */
export interface StateUpdateShape extends RuleEvent {
  readonly kind: 'ConversationStateUpdateEvent';
  readonly key: string;
  readonly value?: unknown;
}

export type ActionIn<E> = Extract<E, ActionShape>;
export type AnswerIn<E> = Extract<E, NamedAnswerShape | AgentErrorShape>;
export type DecisionIn<E> = Extract<E, DecisionShape>;

export function isAction<E extends RuleEvent>(event: E): event is ActionIn<E> {
  return event.kind === 'ActionEvent';
}

/** An observation, a rejection or an agent error: what ends a tool call. */
export function isAnswer<E extends RuleEvent>(event: E): event is AnswerIn<E> {
  return (
    event.kind === 'ObservationEvent' ||
    event.kind === 'UserRejectObservation' ||
    event.kind === 'AgentErrorEvent'
  );
}

export function isDecision<E extends RuleEvent>(event: E): event is DecisionIn<E> {
  return event.kind === 'ConfirmationDecisionEvent';
}

export function isStateUpdate<E extends RuleEvent>(event: E): event is E & StateUpdateShape {
  return event.kind === 'ConversationStateUpdateEvent';
}
