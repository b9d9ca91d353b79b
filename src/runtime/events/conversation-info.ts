import { z } from 'zod';
import { ApprovalRuleSchema } from './approval-rule';
import {
  ConfirmationPolicySchema,
  ExecutionStatusSchema,
  LLMProviderSchema,
  SecurityAnalyzerSchema,
  StatsSchema,
} from './conversation-state';
import { EventIdSchema } from './events';

/** What the API answers for a conversation (CONTRACT §3 ConversationInfo). */
export const ConversationInfoSchema = z.strictObject({
  id: z.guid(),
  title: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  execution_status: ExecutionStatusSchema,
  confirmation_policy: ConfirmationPolicySchema,
  security_analyzer: SecurityAnalyzerSchema,
  workspace: z.strictObject({ working_dir: z.string() }),
  llm: z.strictObject({ provider: LLMProviderSchema, model: z.string() }),
  leaf_event_id: EventIdSchema.nullable(),
  /** Highest seq in the log; -1 when empty. */
  last_seq: z.number().int(),
  pending_action_ids: z.array(EventIdSchema),
  forked_from_conversation_id: z.guid().nullable(),
  forked_from_event_id: EventIdSchema.nullable(),
  max_iterations: z.number().int().positive(),
  stuck_detection: z.boolean(),
  /** Commands may reach allowlisted hosts through the egress proxy (off by default). */
  // Default: infos recorded before the network switch existed (fixtures, old clients' caches) had none.
  network_access: z.boolean().default(false),
  /** This conversation's approval rules, checked before the global ones (settings). */
  // Default: infos recorded before approval rules existed had none.
  approval_rules: z.array(ApprovalRuleSchema).default([]),
  stats: StatsSchema,
  tags: z.array(z.string()),
  pinned: z.boolean(),
});

export type ConversationInfo = z.infer<typeof ConversationInfoSchema>;
