import { z } from 'zod';
import { ApprovalRuleSchema } from './approval-rule';
import { BudgetKindSchema, BudgetsSchema } from './budgets';
import {
  ConfirmationPolicySchema,
  ExecutionStatusSchema,
  LLMProviderSchema,
  SecurityAnalyzerSchema,
} from './conversation-state';
import { EventIdSchema } from './events';
import { HookConfigSchema } from './hook-config';
import { InfoStatsSchema } from './upstream-metrics';
import { toUpstreamTags } from './upstream-tags';

const UpstreamAgentInfoSchema = z.strictObject({
  kind: z.literal('Agent'),
  llm: z.strictObject({
    model: z.string(),
    base_url: z.string().nullable(),
    /** Always null: a key is never shown (typed as upstream types it, where a masked string may appear). */
    api_key: z.string().nullable(),
    usage_id: z.string(),
  }),
  tools: z.array(z.strictObject({ name: z.string() })),
});

/** What the API answers for a conversation (CONTRACT §3 ConversationInfo). */
export const ConversationInfoSchema = z.strictObject({
  id: z.guid(),
  title: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  execution_status: ExecutionStatusSchema,
  confirmation_policy: ConfirmationPolicySchema,
  security_analyzer: SecurityAnalyzerSchema,
  /** `kind` is upstream's name for the workspace type; always "LocalWorkspace" here. */
  workspace: z.strictObject({ working_dir: z.string(), kind: z.literal('LocalWorkspace').optional() }),
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
  /** Spending limits in USD (null: none); reaching one pauses the run with a BudgetEvent. */
  // Always present in answers; optional because infos recorded before budgets had none.
  budgets: BudgetsSchema.optional(),
  /** While paused by a reached budget: which, its limit and the spend (the BudgetEvent's); else null. */
  // Always present in answers; optional because infos recorded before budgets had none.
  budget_pause: z
    .strictObject({
      budget: BudgetKindSchema,
      limit_usd: z.number(),
      spent_usd: z.number(),
      event_id: EventIdSchema,
    })
    .nullable()
    .optional(),
  /**
   * While a run waits for a slot (`max_concurrent_runs`): its place (1: next) and since when; else
   * null. The execution status stays what it was until the run starts.
   */
  // Always present in answers; optional because infos recorded before the run queue had none.
  run_queue: z
    .strictObject({ position: z.number().int().positive(), queued_at: z.iso.datetime() })
    .nullable()
    .optional(),
  stats: InfoStatsSchema,
  /** Upstream's key-value object (CONTRACT §8): `key:value` → `{key: value}`, a bare tag → `{tag: ""}`. */
  // Preprocess: infos recorded before `tag_list` (fixtures, old clients' caches) held our list here.
  tags: z.preprocess(
    (tags) =>
      Array.isArray(tags) && tags.every((tag) => typeof tag === 'string') ? toUpstreamTags(tags) : tags,
    z.record(z.string(), z.string()),
  ),
  /** Our tags, as stored and as the search's `tag=` filter matches them: `key:value` or bare strings. */
  // Default: infos recorded before it had none.
  tag_list: z.array(z.string()).default([]),
  pinned: z.boolean(),
  /**
   * This conversation owns its workspace folder: a branch folder made for it when it was forked with
   * its own copy of the files (deleting it with `delete_files=true` removes that folder).
   */
  // Always present in answers; optional because infos recorded before branch folders had none (read: false).
  branch_folder: z.boolean().optional(),
  /**
   * Where its commands run, fixed when it was made (a fork and a sub-agent inherit it): bubblewrap,
   * docker (a container of its own) or none (a bubblewrap one while the runtime's sandbox is turned
   * off on purpose). The same list as sandbox/sandbox-kind.ts.
   */
  // Always present in answers; optional because infos recorded before it had none.
  sandbox: z.enum(['bubblewrap', 'docker', 'none']).optional(),
  /** The image of a docker conversation's container; null for the others. Fixed when it was made. */
  sandbox_image: z.string().nullable().optional(),
  // Upstream's fields, read by its clients (`state.getAgent()`, `getPersistenceDir()`, …). Always
  // present in answers; optional in the schema because infos recorded before them had none.
  /** Upstream's agent description: the model as an upstream `LLM` (never a key) and the tools served. */
  agent: UpstreamAgentInfoSchema.optional(),
  /** The conversation's folder in the data dir (its cut tool outputs); the log itself is in workbench.db. */
  persistence_dir: z.string().optional(),
  /** The conversation's own hooks (upstream's `hook_config`, as given on create); null: none of its own. */
  hook_config: HookConfigSchema.nullable().optional(),
  /** No knowledge skills here: always empty. */
  activated_knowledge_skills: z.array(z.string()).optional(),
  // Upstream's names. Always present in answers; optional because infos recorded before sub-agents had none.
  /** The conversation whose `task` call made this one (a sub-agent); null for a top-level conversation. */
  parent_conversation_id: z.guid().nullable().optional(),
  /** The parent's `task` ActionEvent that made this conversation; null for a top-level conversation. */
  parent_action_id: EventIdSchema.nullable().optional(),
  /** The sub-agents this conversation's `task` calls made, oldest first. */
  sub_conversation_ids: z.array(z.guid()).optional(),
});

export type ConversationInfo = z.infer<typeof ConversationInfoSchema>;
