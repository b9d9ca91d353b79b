import { z } from 'zod';
import {
  ApprovalRuleListInputSchema,
  BaseUrlSchema,
  DecisionScopeSchema,
  ConfirmationPolicySchema,
  ContentSchema,
  EventIdSchema,
  LLMProviderSchema,
  RuleMatcherSchema,
  SecurityAnalyzerSchema,
} from '../events';

/** Request bodies of the runtime's API (CONTRACT §3). The server validates with these; OpenAPI is made from them. */

export const SendMessageSchema = z.strictObject({
  role: z.literal('user'),
  content: z.array(ContentSchema).min(1),
  run: z.boolean().default(false),
  client_message_id: z.string().min(1).max(200).optional(),
});

export const LLMConfigInputSchema = z.strictObject({
  provider: LLMProviderSchema,
  model: z.string().min(1).max(200),
  base_url: BaseUrlSchema.optional(),
  api_key: z.string().max(1000).optional(),
});

export const CreateConversationSchema = z.strictObject({
  conversation_id: z.guid().optional(),
  workspace: z.strictObject({ working_dir: z.string().min(1).max(4096) }).optional(),
  initial_message: SendMessageSchema.optional(),
  confirmation_policy: ConfirmationPolicySchema.optional(),
  security_analyzer: SecurityAnalyzerSchema.optional(),
  max_iterations: z.number().int().min(1).max(10_000).default(500),
  stuck_detection: z.boolean().default(true),
  /** Off unless asked for: commands get no network at all. */
  network_access: z.boolean().optional(),
  title: z.string().min(1).max(200).optional(),
  tags: z.array(z.string().min(1).max(50)).max(20).optional(),
  llm: LLMConfigInputSchema.optional(),
});

export const UpdateConversationSchema = z.strictObject({
  title: z.string().trim().min(1).max(200).optional(),
  tags: z.array(z.string().min(1).max(50)).max(20).optional(),
  pinned: z.boolean().optional(),
  network_access: z.boolean().optional(),
  /** Replaces the conversation's approval rules; the server fills missing ids and creation times. */
  approval_rules: ApprovalRuleListInputSchema.optional(),
});

export const ForkSchema = z.strictObject({
  from_event_id: EventIdSchema.optional(),
  title: z.string().min(1).max(200).optional(),
  reset_metrics: z.boolean().default(true),
});

export const NavigateSchema = z.strictObject({ event_id: EventIdSchema.nullable() });

export const SetConfirmationPolicySchema = z.strictObject({ policy: ConfirmationPolicySchema });

/** One pending action's answer. `scope` conversation/always with accept also adds an allow rule. */
export const ActionDecisionSchema = z.strictObject({
  action_id: EventIdSchema,
  accept: z.boolean(),
  reason: z.string().max(10_000).optional(),
  scope: DecisionScopeSchema.optional(),
  /** The allow rule to add for scope conversation/always; absent: the action's suggested rule. */
  rule: z.strictObject({ matcher: RuleMatcherSchema, allow_high_risk: z.boolean().optional() }).optional(),
});

/**
 * `{accept, reason?, action_ids?}` answers every pending action alike (as upstream does);
 * `decisions` answers each one, and must then name exactly the pending actions.
 */
export const RespondToConfirmationSchema = z.strictObject({
  accept: z.boolean(),
  reason: z.string().max(10_000).optional(),
  action_ids: z.array(EventIdSchema).optional(),
  decisions: z.array(ActionDecisionSchema).max(1000).optional(),
});

export type SendMessage = z.infer<typeof SendMessageSchema>;
export type LLMConfigInput = z.infer<typeof LLMConfigInputSchema>;
export type CreateConversation = z.infer<typeof CreateConversationSchema>;
export type UpdateConversation = z.infer<typeof UpdateConversationSchema>;
export type Fork = z.infer<typeof ForkSchema>;
export type Navigate = z.infer<typeof NavigateSchema>;
export type ActionDecision = z.infer<typeof ActionDecisionSchema>;
export type RespondToConfirmation = z.infer<typeof RespondToConfirmationSchema>;
