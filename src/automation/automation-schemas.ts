import { z } from 'zod';
import { ConfirmationPolicySchema } from '../runtime/events/conversation-state';

/**
 * The automation service's request and answer shapes (CONTRACT §3b). The runtime checks the model
 * and policy fields again when a run creates its conversation; they are checked here too so that a
 * mistake is refused when the automation is saved, not discovered at 9 in the morning.
 */

export const ScheduleInputSchema = z.strictObject({
  cron: z.string().trim().min(1).max(200),
  timezone: z.string().trim().min(1).max(100),
});

/**
 * The model of the automation's runs, chosen like a conversation's in the model picker: a model of the
 * settings' provider (served at the settings' endpoint, see llm-for-run.ts). null: the settings' model
 * at run time.
 */
export const LLMChoiceSchema = z.strictObject({
  provider: z.enum(['openai-compatible', 'openai', 'anthropic']),
  model: z
    .string()
    .trim()
    .min(1, "Choose a model, or none for the settings' model")
    .max(200, 'A model name is at most 200 characters')
    .regex(/^[^\p{Cc}]*$/u, 'A model name has no control characters'),
});

/**
 * The most one run of the automation may spend, in US dollars: a finite number above 0 (the runtime's
 * budget rule, events/budgets.ts, which checks it again when the run creates its conversation).
 * null: the settings' default automation budget at run time.
 */
export const AutomationBudgetSchema = z
  .number({ error: 'A budget is a positive number of US dollars' })
  .refine((usd) => Number.isFinite(usd) && usd > 0, 'A budget is a positive number of US dollars')
  .refine((usd) => usd <= 1_000_000, 'A budget is at most 1,000,000 US dollars');

const fields = {
  name: z.string().trim().min(1, 'Give the automation a name').max(100),
  /** An absolute folder on this machine; it must exist when the automation is saved. */
  workspace: z.string().trim().min(1, 'Choose a workspace folder').max(4096),
  /** The first message; `{{payload.a.b}}` is replaced by the webhook body's field (empty when absent). */
  message: z.string().trim().min(1, 'Write the first message').max(20_000),
  llm: LLMChoiceSchema.nullable(),
  confirmation_policy: ConfirmationPolicySchema.nullable(),
  network_access: z.boolean(),
  budget: AutomationBudgetSchema.nullable(),
  schedule: ScheduleInputSchema.nullable(),
  webhook: z.boolean(),
  /** Run once at the next start when a scheduled time passed while the workbench was off. */
  run_missed: z.boolean(),
  enabled: z.boolean(),
};

export const CreateAutomationSchema = z.strictObject({
  ...fields,
  llm: fields.llm.default(null),
  confirmation_policy: fields.confirmation_policy.default(null),
  network_access: fields.network_access.default(false),
  budget: fields.budget.default(null),
  schedule: fields.schedule.default(null),
  webhook: fields.webhook.default(false),
  run_missed: fields.run_missed.default(false),
  enabled: fields.enabled.default(true),
});

export const UpdateAutomationSchema = z.strictObject({
  name: fields.name.optional(),
  workspace: fields.workspace.optional(),
  message: fields.message.optional(),
  llm: fields.llm.optional(),
  confirmation_policy: fields.confirmation_policy.optional(),
  network_access: fields.network_access.optional(),
  budget: fields.budget.optional(),
  schedule: fields.schedule.optional(),
  webhook: fields.webhook.optional(),
  run_missed: fields.run_missed.optional(),
  enabled: fields.enabled.optional(),
});

export const PreviewScheduleSchema = ScheduleInputSchema;

export const IdParamsSchema = z.strictObject({ id: z.guid() });

export type CreateAutomation = z.infer<typeof CreateAutomationSchema>;
export type UpdateAutomation = z.infer<typeof UpdateAutomationSchema>;
export type ScheduleInput = z.infer<typeof ScheduleInputSchema>;
export type LLMChoice = z.infer<typeof LLMChoiceSchema>;
