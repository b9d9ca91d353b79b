import type { components } from './schema';

/** Short names for the generated wire types (the one source: the runtime's schemas via openapi.json). */
type Schemas = components['schemas'];

export type ConversationInfo = Schemas['ConversationInfo'];
export type ConversationSearchItem = Schemas['ConversationSearchItem'];
export type ConversationPage = Schemas['ConversationPage'];
export type ExecutionStatus = Schemas['ExecutionStatus'];
export type ConfirmationPolicy = Schemas['ConfirmationPolicy'];
export type SecurityAnalyzer = Schemas['SecurityAnalyzer'];
export type Event = Schemas['Event'];
export type EventPage = Schemas['EventPage'];
export type Content = Schemas['Content'];
export type Action = Schemas['Action'];
export type Observation = Schemas['Observation'];
export type Settings = Schemas['Settings'];
export type ServerInfo = Schemas['ServerInfo'];
export type ErrorResponse = Schemas['ErrorResponse'];
export type ServerFrame = Schemas['ServerFrame'];
export type ClientFrame = Schemas['ClientFrame'];
export type SyncFrame = Schemas['SyncFrame'];
export type DurableFrame = Schemas['DurableFrame'];
export type MessageFrame = Schemas['MessageFrame'];
/** Every event kind by name: `EventOf<'ActionEvent'>`. */
export type EventKind = Event['kind'];
export type EventOf<K extends EventKind> = Extract<Event, { kind: K }>;
