import { z } from 'zod';
import { ActionSchema } from './actions';
import { RuleMatcherSchema } from './approval-rule';
import { BudgetKindSchema } from './budgets';
import { ContentSchema, TextContentSchema } from './content';
import { hookExecutionFields } from './hook-execution-event';
import { ObservationSchema } from './observations';
import { StepMetricsSchema, SummarySectionsSchema } from './step-metrics';

/**
 * Every event kind of the conversation log (CONTRACT §5). An event, once appended, is immutable.
 * Schemas are strict: unknown fields are refused, so a typo never slips into the log. New versions may
 * add optional fields; an event written by any earlier version must keep parsing (see fixtures/).
 */

export const EventIdSchema = z.guid();
export const SourceSchema = z.enum(['agent', 'user', 'environment']);
export const SecurityRiskSchema = z.enum(['UNKNOWN', 'LOW', 'MEDIUM', 'HIGH']);

const base = {
  id: EventIdSchema,
  /** 0-based append index within its conversation; gap-free. */
  seq: z.number().int().nonnegative(),
  /** UTC, ISO 8601 with Z. */
  timestamp: z.iso.datetime(),
  source: SourceSchema,
  /** The previous event on its branch; absent for a root. */
  parent_id: EventIdSchema.optional(),
};

export const LLMMessageSchema = z.strictObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.array(ContentSchema),
});

export const ToolSpecSchema = z.strictObject({
  name: z.string(),
  description: z.string(),
  /** JSON Schema of the tool's arguments, as offered to the model. */
  parameters: z.record(z.string(), z.unknown()),
});

export const ToolCallSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** The raw argument text the model produced (JSON when well-formed). */
  arguments: z.string(),
});

/**
 * A provider's signed reasoning block (Anthropic extended thinking), kept exactly as received: the
 * provider refuses a tool-use turn whose thinking comes back without it or altered. Upstream's shape.
 */
export const ThinkingBlockSchema = z.strictObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string(),
});

export const SystemPromptEventSchema = z.strictObject({
  kind: z.literal('SystemPromptEvent'),
  ...base,
  system_prompt: TextContentSchema,
  /** The per-conversation part (date, workspace, AGENTS.md) kept apart so the static part caches. */
  dynamic_context: TextContentSchema.optional(),
  tools: z.array(ToolSpecSchema),
});

export const MessageEventSchema = z.strictObject({
  kind: z.literal('MessageEvent'),
  ...base,
  llm_message: LLMMessageSchema,
  llm_response_id: z.string().optional(),
  /** The model's reasoning before an agent's text reply (shown as its thinking; never sent back). */
  reasoning_content: z.string().optional(),
  extended_content: z.array(ContentSchema).default([]),
  /** Set by the client that sent it; the same id twice appends once. */
  client_message_id: z.string().max(200).optional(),
  /**
   * Knowledge skills this person's message triggered (upstream's name): their instructions were
   * added to `extended_content`, once per conversation each.
   */
  activated_skills: z.array(z.string()).optional(),
  /** On an agent's reply: the model call that produced it. */
  metrics: StepMetricsSchema.optional(),
});

export const ActionEventSchema = z.strictObject({
  kind: z.literal('ActionEvent'),
  ...base,
  thought: z.array(TextContentSchema).default([]),
  reasoning_content: z.string().optional(),
  /** The signed form of `reasoning_content`, on the first action of a response, for sending it back. */
  thinking_blocks: z.array(ThinkingBlockSchema).optional(),
  /** null when the call could not be turned into an action (unknown tool, bad arguments). */
  action: ActionSchema.nullable(),
  tool_name: z.string(),
  tool_call_id: z.string(),
  tool_call: ToolCallSchema,
  llm_response_id: z.string(),
  security_risk: SecurityRiskSchema.default('UNKNOWN'),
  /** Why the analyzers rated it so: one line per rule that fired. */
  risk_reasons: z.array(z.string()).optional(),
  summary: z.string().optional(),
  /**
   * The checkpoint (a shadow commit, 40 hex) of the workspace as it was just before this step, on
   * actions that may change files (terminal, file_editor other than `view`). Absent when the
   * snapshot failed or took too long, and in events recorded before checkpoints existed.
   */
  checkpoint_id: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .optional(),
  /** On the first action of a response: the model call that produced the batch. */
  metrics: StepMetricsSchema.optional(),
});

export const ObservationEventSchema = z.strictObject({
  kind: z.literal('ObservationEvent'),
  ...base,
  tool_name: z.string(),
  tool_call_id: z.string(),
  action_id: EventIdSchema,
  observation: ObservationSchema,
});

export const UserRejectObservationSchema = z.strictObject({
  kind: z.literal('UserRejectObservation'),
  ...base,
  tool_name: z.string(),
  tool_call_id: z.string(),
  action_id: EventIdSchema,
  rejection_reason: z.string(),
  /**
   * Who rejected (upstream's field): `user` for a person's answer, `hook` for an automatic block before
   * the tool ran (a deny approval rule or a PreToolUse hook). Absent in events recorded before it existed: read it as `user`,
   * upstream's default.
   */
  rejection_source: z.enum(['user', 'hook']).optional(),
});

export const AgentErrorEventSchema = z.strictObject({
  kind: z.literal('AgentErrorEvent'),
  ...base,
  tool_name: z.string(),
  tool_call_id: z.string(),
  /** Text the model reads. */
  error: z.string(),
});

export const ConversationErrorEventSchema = z.strictObject({
  kind: z.literal('ConversationErrorEvent'),
  ...base,
  /** e.g. MaxIterationsReached, LLMAuthError, LLMNotFound, LLMQuotaExceeded, RuntimeRestarted. */
  code: z.string(),
  /** Text the person reads: what happened and what to do. */
  detail: z.string(),
});

export const ConversationStateUpdateEventSchema = z.strictObject({
  kind: z.literal('ConversationStateUpdateEvent'),
  ...base,
  /** execution_status, confirmation_policy, security_analyzer, stats, … */
  key: z.string(),
  value: z.unknown(),
});

export const DecisionScopeSchema = z.enum(['once', 'conversation', 'always']);

/**
 * How one action's confirmation was decided, recorded before the action runs or waits. Source `user`
 * for a person's answer, `environment` for a rule's or the policy's. Never sent to the model: a deny
 * is also answered by a UserRejectObservation, which the model reads.
 */
export const ConfirmationDecisionEventSchema = z.strictObject({
  kind: z.literal('ConfirmationDecisionEvent'),
  ...base,
  action_id: EventIdSchema,
  decision: z.enum(['allowed', 'rejected', 'asked']),
  /** `hook`: a PreToolUse hook denied it or asked for the person (see HookExecutionEvent). */
  decided_by: z.enum(['user', 'rule', 'policy', 'hook']),
  /** The rule that decided (absent for `asked` by the policy: no rule matched); with a person's answer of scope conversation/always, the allow rule it created. */
  rule: z
    .strictObject({
      id: z.string(),
      /** What people read, e.g. `npm test` or `src/**`. */
      label: z.string(),
      scope: z.enum(['conversation', 'global']),
    })
    .optional(),
  /** A person's answer: for this action only, or a new allow rule for the conversation or for good. */
  scope: DecisionScopeSchema.optional(),
  reason: z.string().optional(),
  /** With `asked`: the rule the approval dialog offers to create. */
  suggested_rule: z.strictObject({ tool: z.string(), matcher: RuleMatcherSchema }).optional(),
});

export const PauseEventSchema = z.strictObject({ kind: z.literal('PauseEvent'), ...base });
export const InterruptEventSchema = z.strictObject({ kind: z.literal('InterruptEvent'), ...base });

export const CondensationSchema = z.strictObject({
  kind: z.literal('Condensation'),
  ...base,
  forgotten_event_ids: z.array(EventIdSchema),
  summary: z.string().optional(),
  /** Index in the view where the summary stands. */
  summary_offset: z.number().int().nonnegative().optional(),
  llm_response_id: z.string().optional(),
  /** The summary's sections when the model wrote them as asked; absent for an unstructured summary. */
  summary_sections: SummarySectionsSchema.optional(),
  /** `hard_reset`: no safe cut was left, so only the first message, the summary and the latest turn stay. */
  mode: z.enum(['condense', 'hard_reset']).optional(),
  /** The summary call. */
  metrics: StepMetricsSchema.optional(),
});

export const FileChangeSchema = z.strictObject({
  /** Relative to the workspace, with `/`. */
  path: z.string(),
  /** For a rename: where it was. */
  old_path: z.string().optional(),
  status: z.enum(['added', 'modified', 'deleted', 'renamed']),
  binary: z.boolean(),
  additions: z.number().int().nonnegative(),
  deletions: z.number().int().nonnegative(),
});

/**
 * A person put the workspace's files back to a checkpoint. `files`: what the restore changed (from
 * the backup's state to the checkpoint's). Restoring to `backup_checkpoint_id` undoes it. The model
 * reads it as a short environment note.
 */
export const FilesRestoredEventSchema = z.strictObject({
  kind: z.literal('FilesRestoredEvent'),
  ...base,
  checkpoint_id: z.string().regex(/^[0-9a-f]{40}$/),
  backup_checkpoint_id: z.string().regex(/^[0-9a-f]{40}$/),
  files: z.array(FileChangeSchema),
});

export const CondensationRequestSchema = z.strictObject({ kind: z.literal('CondensationRequest'), ...base });

/**
 * What the run says about spending, for the person (never sent to the model). `budget_reached`: a
 * budget was reached and the run paused (status `paused`) before its next step. `cost_unknown`: a
 * budget is set but the model has no known price, so it cannot be checked (recorded once).
 * `large_request`: the next request is unusually large (see CONTRACT §7 for the rule).
 */
export const BudgetEventSchema = z.strictObject({
  kind: z.literal('BudgetEvent'),
  ...base,
  notice: z.enum([
    'budget_reached',
    'cost_unknown',
    'large_request',
    'cache_hints_refused',
    'cache_restart',
    'native_tools_refused',
  ]),
  /** The budget reached (`budget_reached`) or that cannot be checked (`cost_unknown`). */
  budget: BudgetKindSchema.optional(),
  /** That budget's limit in USD. */
  limit_usd: z.number().optional(),
  /** What it counts so far in USD; null: unknown (a call of a model with no known price). */
  spent_usd: z.number().nullable().optional(),
  /** `large_request`: the estimated input tokens of the request, and their cost (null: no known price). */
  estimated_tokens: z.number().int().nonnegative().optional(),
  estimated_cost_usd: z.number().nullable().optional(),
  /**
   * `cache_hints_refused`: the model whose endpoint refused a prompt cache hint (no hint is sent to it
   * again in this conversation); `cache_restart`: the model whose cached prompt starts again;
   * `native_tools_refused`: the model whose endpoint refused `tools` (its tools go in the prompt now).
   */
  model: z.string().optional(),
  /** `cache_restart`: why the cached prefix changed. */
  cause: z.enum(['condensation', 'model_switch']).optional(),
  /** Text the person reads. */
  detail: z.string(),
});

/**
 * A command line the person ran in their own terminal (source `user`), as bash's history holds it,
 * secrets masked. A record for people: it needs no approval and the model does not read it.
 */
export const TerminalCommandEventSchema = z.strictObject({
  kind: z.literal('TerminalCommandEvent'),
  ...base,
  command: z.string(),
  /** The exit status bash reported with the prompt that followed it. */
  exit_code: z.number().int(),
});

/** One hook's run (see hook-execution-event.ts); source `environment`. */
export const HookExecutionEventSchema = z.strictObject({
  kind: z.literal('HookExecutionEvent'),
  ...base,
  ...hookExecutionFields,
});

export const EventSchema = z.discriminatedUnion('kind', [
  SystemPromptEventSchema,
  MessageEventSchema,
  ActionEventSchema,
  ObservationEventSchema,
  UserRejectObservationSchema,
  AgentErrorEventSchema,
  ConversationErrorEventSchema,
  ConversationStateUpdateEventSchema,
  PauseEventSchema,
  InterruptEventSchema,
  CondensationSchema,
  CondensationRequestSchema,
  ConfirmationDecisionEventSchema,
  FilesRestoredEventSchema,
  BudgetEventSchema,
  TerminalCommandEventSchema,
  HookExecutionEventSchema,
]);

export type Source = z.infer<typeof SourceSchema>;
export type SecurityRisk = z.infer<typeof SecurityRiskSchema>;
export type LLMMessage = z.infer<typeof LLMMessageSchema>;
export type ToolSpec = z.infer<typeof ToolSpecSchema>;
export type ToolCall = z.infer<typeof ToolCallSchema>;
export type SystemPromptEvent = z.infer<typeof SystemPromptEventSchema>;
export type MessageEvent = z.infer<typeof MessageEventSchema>;
export type ActionEvent = z.infer<typeof ActionEventSchema>;
export type ObservationEvent = z.infer<typeof ObservationEventSchema>;
export type UserRejectObservation = z.infer<typeof UserRejectObservationSchema>;
export type AgentErrorEvent = z.infer<typeof AgentErrorEventSchema>;
export type ConversationErrorEvent = z.infer<typeof ConversationErrorEventSchema>;
export type ConversationStateUpdateEvent = z.infer<typeof ConversationStateUpdateEventSchema>;
export type DecisionScope = z.infer<typeof DecisionScopeSchema>;
export type ConfirmationDecisionEvent = z.infer<typeof ConfirmationDecisionEventSchema>;
export type PauseEvent = z.infer<typeof PauseEventSchema>;
export type InterruptEvent = z.infer<typeof InterruptEventSchema>;
export type Condensation = z.infer<typeof CondensationSchema>;
export type CondensationRequest = z.infer<typeof CondensationRequestSchema>;
export type FileChangeRecord = z.infer<typeof FileChangeSchema>;
export type FilesRestoredEvent = z.infer<typeof FilesRestoredEventSchema>;
export type BudgetEvent = z.infer<typeof BudgetEventSchema>;
export type TerminalCommandEvent = z.infer<typeof TerminalCommandEventSchema>;
export type HookExecutionEvent = z.infer<typeof HookExecutionEventSchema>;
export type Event = z.infer<typeof EventSchema>;
export type EventKind = Event['kind'];

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * An event before the store has taken it: the store assigns `seq` and, unless given explicitly,
 * `parent_id` (the conversation's current leaf). `id` and `timestamp` come from the caller's injected
 * id generator and clock, so runs are reproducible.
 */
export type NewEvent = DistributiveOmit<Event, 'seq' | 'parent_id'> & { parent_id?: string | null };

export const EVENT_KINDS: readonly EventKind[] = EventSchema.options.map((option) => option.shape.kind.value);
