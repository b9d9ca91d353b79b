import { z } from 'zod';
// The runtime's own schema (zod only, no runtime code): a policy is written once for every process.
import { ConfirmationPolicySchema } from '../runtime/events/conversation-state';

/**
 * The automation service's answers as zod schemas, the one place they are written: its OpenAPI
 * document (openapi.automation.json) is emitted from them, the UI's types are generated from that
 * (src/client/automation-schema.d.ts), and automation-wire.test.ts parses every answer the service
 * gives with these, so a change on either side fails that test.
 */

const ScheduleSchema = z.object({ cron: z.string(), timezone: z.string() });

export const AutomationRunSchema = z.strictObject({
  id: z.string(),
  automation_id: z.string(),
  trigger: z.enum(['schedule', 'missed', 'webhook', 'manual']),
  /** `rate_limited`: no run, the summary of webhook calls refused over the limit in one window. */
  status: z.enum(['pending', 'started', 'skipped', 'failed', 'rate_limited']),
  conversation_id: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  scheduled_for: z.string().nullable(),
  /** How many webhook calls a `rate_limited` summary stands for; 0 on every other run. */
  refused_calls: z.number().int().nonnegative(),
});

const definition = {
  name: z.string(),
  workspace: z.string(),
  message: z.string(),
  llm: z
    .object({ provider: z.enum(['openai-compatible', 'openai', 'anthropic']), model: z.string() })
    .nullable(),
  confirmation_policy: ConfirmationPolicySchema.nullable(),
  network_access: z.boolean(),
  /** The most one run may spend (USD); null: the settings' default automation budget. */
  budget: z.number().nullable(),
  schedule: ScheduleSchema.nullable(),
  webhook: z.boolean(),
  run_missed: z.boolean(),
  enabled: z.boolean(),
};

export const AutomationSchema = z.strictObject({
  ...definition,
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  next_run_at: z.string().nullable(),
  /** "every weekday at 09:00, Europe/Berlin"; null without a schedule. */
  schedule_description: z.string().nullable(),
  /** Path and token to POST to through the ingress; null while the webhook is off. */
  webhook_url: z.string().nullable(),
  last_run: AutomationRunSchema.nullable(),
});

export const AutomationListSchema = z.strictObject({ items: z.array(AutomationSchema) });
export const AutomationRunListSchema = z.strictObject({ items: z.array(AutomationRunSchema) });
export const SchedulePreviewSchema = z.strictObject({
  description: z.string(),
  next_runs: z.array(z.string()),
});
/** A refusal: `field` names the request field at fault (`schedule.cron`, `workspace`) when there is one. */
export const AutomationErrorSchema = z.object({
  detail: z.union([
    z.string(),
    z.array(z.object({ loc: z.array(z.string()), msg: z.string(), type: z.string() })),
  ]),
  code: z.string().optional(),
  field: z.string().optional(),
});
