import { z } from 'zod';
import * as actions from '../../runtime/events/actions';
import * as content from '../../runtime/events/content';
import * as state from '../../runtime/events/conversation-state';
import { ConversationInfoSchema } from '../../runtime/events/conversation-info';
import * as events from '../../runtime/events/events';
import * as observations from '../../runtime/events/observations';
import {
  ConversationPageSchema,
  ConversationSearchItemSchema,
  ErrorResponseSchema,
  EventPageSchema,
  ServerInfoSchema,
  SettingsResponseSchema,
  ValidationErrorResponseSchema,
} from '../http/api-schemas';
import * as frames from '../socket/socket-frames';

/**
 * The named schemas of the OpenAPI document. `responseComponents` names every model a client reads
 * (events, ConversationInfo, socket frames…); routes refer to them by $ref. `requestComponents` holds
 * only those whose request shape equals their answer shape (no defaults): the others (a policy with a
 * default threshold) are inlined in request bodies so the client may omit what has a default.
 */
export const responseComponents = z.registry<{ id: string }>();
export const requestComponents = z.registry<{ id: string }>();
/** Models only clients write (socket frames): published in their input shape (defaults optional). */
export const clientOnlyComponents = z.registry<{ id: string }>();

const sameBothWays: Record<string, z.ZodType> = {
  Content: content.ContentSchema,
  TextContent: content.TextContentSchema,
  ImageContent: content.ImageContentSchema,
  ExecutionStatus: state.ExecutionStatusSchema,
  LLMProvider: state.LLMProviderSchema,
  SecurityAnalyzer: state.SecurityAnalyzerSchema,
  RiskThreshold: state.RiskThresholdSchema,
  EventSource: events.SourceSchema,
  SecurityRisk: events.SecurityRiskSchema,
};

const answersOnly: Record<string, z.ZodType> = {
  ConfirmationPolicy: state.ConfirmationPolicySchema,
  Stats: state.StatsSchema,
  ConversationInfo: ConversationInfoSchema,
  ConversationSearchItem: ConversationSearchItemSchema,
  ConversationPage: ConversationPageSchema,
  Event: events.EventSchema,
  EventPage: EventPageSchema,
  ToolCall: events.ToolCallSchema,
  ToolSpec: events.ToolSpecSchema,
  LLMMessage: events.LLMMessageSchema,
  Action: actions.ActionSchema,
  Observation: observations.ObservationSchema,
  TaskItem: actions.TaskItemSchema,
  ServerInfo: ServerInfoSchema,
  Settings: SettingsResponseSchema,
  ErrorResponse: ErrorResponseSchema,
  ValidationErrorResponse: ValidationErrorResponseSchema,
  ServerFrame: frames.ServerFrameSchema,
  SyncFrame: frames.SyncFrameSchema,
  DurableFrame: frames.DurableFrameSchema,
  ItemStartedFrame: frames.ItemStartedFrameSchema,
  DeltaFrame: frames.DeltaFrameSchema,
  ItemAbortedFrame: frames.ItemAbortedFrameSchema,
  ItemRetryingFrame: frames.ItemRetryingFrameSchema,
  HeartbeatFrame: frames.HeartbeatFrameSchema,
  ErrorFrame: frames.ErrorFrameSchema,
};

const clientOnly: Record<string, z.ZodType> = {
  ClientFrame: frames.ClientFrameSchema,
  AuthFrame: frames.AuthFrameSchema,
  MessageFrame: frames.MessageFrameSchema,
};

/** Each event, action and observation kind under its own name (MessageEvent, TerminalAction…). */
for (const option of events.EventSchema.options) answersOnly[option.shape.kind.value] = option;
for (const option of actions.ActionSchema.options) answersOnly[option.shape.kind.value] = option;
for (const option of observations.ObservationSchema.options) answersOnly[option.shape.kind.value] = option;

for (const [id, schema] of Object.entries(sameBothWays)) {
  responseComponents.add(schema, { id });
  requestComponents.add(schema, { id });
  clientOnlyComponents.add(schema, { id });
}
for (const [id, schema] of Object.entries(clientOnly)) clientOnlyComponents.add(schema, { id });
for (const [id, schema] of Object.entries(answersOnly)) responseComponents.add(schema, { id });
