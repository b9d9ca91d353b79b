import type { components, paths } from '../../client/schema';

/**
 * Names for the wire types the UI uses, all taken from the generated OpenAPI types (never copied by
 * hand). Narrowed variants are derived with Extract so a schema change shows up here as a type error.
 */
type Schemas = components['schemas'];

/**
 * A schema type as openapi-fetch hands it out: it maps every array type to a plain array (a tuple such
 * as `view_range: [number, number]` becomes `number[]`). Using this shape everywhere lets REST answers
 * and socket frames (which keep the tuple, a subtype) flow into the same store.
 */
type AsReceived<T> = T extends (infer Element)[]
  ? AsReceived<Element>[]
  : T extends object
    ? { [Key in keyof T]: AsReceived<T[Key]> }
    : T;

export type ConversationInfo = AsReceived<Schemas['ConversationInfo']>;
export type Event = AsReceived<Schemas['Event']>;
export type EventKind = Event['kind'];
export type ExecutionStatus = ConversationInfo['execution_status'];
export type ConfirmationPolicy = AsReceived<Schemas['ConfirmationPolicy']>;
export type Stats = ConversationInfo['stats'];

export type EventOfKind<K extends EventKind> = Extract<Event, { kind: K }>;
export type MessageEvent = EventOfKind<'MessageEvent'>;
export type ActionEvent = EventOfKind<'ActionEvent'>;
export type ObservationEvent = EventOfKind<'ObservationEvent'>;
export type UserRejectObservation = EventOfKind<'UserRejectObservation'>;
export type AgentErrorEvent = EventOfKind<'AgentErrorEvent'>;
export type ConversationErrorEvent = EventOfKind<'ConversationErrorEvent'>;
export type ConversationStateUpdateEvent = EventOfKind<'ConversationStateUpdateEvent'>;
export type ConfirmationDecisionEvent = EventOfKind<'ConfirmationDecisionEvent'>;
export type FilesRestoredEvent = EventOfKind<'FilesRestoredEvent'>;
export type BudgetEvent = EventOfKind<'BudgetEvent'>;
export type HookExecutionEvent = EventOfKind<'HookExecutionEvent'>;
/** A conversation's budgets (USD; null: none), as its info answers them and settings hold the defaults. */
export type Budgets = NonNullable<ConversationInfo['budgets']>;

/** A standing approval rule (global in settings, or one conversation's). */
export type ApprovalRule = ConversationInfo['approval_rules'][number];
export type ApprovalRuleMatcher = ApprovalRule['matcher'];
export type ApprovalRuleEffect = ApprovalRule['effect'];
/** A rule as PATCH takes it: `id` and `created_at` may be left out for a new one. */
export type ApprovalRuleInput = NonNullable<
  NonNullable<paths['/api/settings']['patch']['requestBody']>['content']['application/json']['approval_rules']
>[number];
/** One action's answer in a respond_to_confirmation body. */
export type ConfirmationAnswer = NonNullable<
  NonNullable<
    paths['/api/conversations/{id}/events/respond_to_confirmation']['post']['requestBody']
  >['content']['application/json']['decisions']
>[number];
export type ApprovalScope = NonNullable<ConfirmationAnswer['scope']>;

export type Action = NonNullable<ActionEvent['action']>;
export type ActionOfKind<K extends Action['kind']> = Extract<Action, { kind: K }>;
export type Observation = ObservationEvent['observation'];
export type ObservationOfKind<K extends Observation['kind']> = Extract<Observation, { kind: K }>;
export type Content = MessageEvent['llm_message']['content'][number];
export type SecurityRisk = ActionEvent['security_risk'];

export type ServerInfo = AsReceived<Schemas['ServerInfo']>;
export type Settings = AsReceived<Schemas['Settings']>;
export type ServerFrame = Schemas['ServerFrame'];
export type SyncFrame = Schemas['SyncFrame'];
export type DurableFrame = Schemas['DurableFrame'];
/** The non-durable frames: model output while it streams (CONTRACT §4). */
export type StreamFrame =
  | Schemas['ItemStartedFrame']
  | Schemas['DeltaFrame']
  | Schemas['ItemAbortedFrame']
  | Schemas['ItemRetryingFrame'];

/** A saved secret as the API shows it: its name, description and times, never its value. */
export type SavedSecret =
  paths['/api/secrets']['get']['responses'][200]['content']['application/json']['items'][number];
