import { z } from 'zod';

/**
 * The openhands-automation v1 request shapes the Agent Canvas sends (its Automate page: import,
 * edit, enable, dispatch, the setup form's validation). Unknown fields are dropped, as upstream's
 * pydantic models do; the fields we cannot honour (repositories, plugins) are refused by
 * v1-input.ts with a reason, never silently ignored.
 */

const text = (max: number) => z.string().trim().min(1).max(max);

export const V1TriggerInputSchema = z.object({
  /** `cron` and `schedule` are the same; `event` is accepted without a schedule (see v1-input.ts). */
  type: z.enum(['cron', 'schedule', 'event', 'manual']),
  schedule: z.string().trim().max(200).optional(),
  timezone: z.string().trim().max(100).optional(),
  source: z.string().max(200).optional(),
  on: z.union([z.string().max(200), z.array(z.string().max(200)).max(50)]).optional(),
  filter: z.string().max(4000).optional(),
});

const RepositorySchema = z.object({ url: z.string().max(2000) });
const PluginSchema = z.object({ source: z.string().max(2000) });

export const V1CreatePromptSchema = z.object({
  name: text(100),
  prompt: text(20_000),
  trigger: V1TriggerInputSchema.optional(),
  timezone: z.string().trim().max(100).optional(),
  model: z.string().trim().max(200).nullable().optional(),
  /** Accepted, not honoured: a run ends when its conversation does. */
  timeout: z.number().int().positive().nullable().optional(),
  repos: z.array(RepositorySchema).max(50).optional(),
  plugins: z.array(PluginSchema).max(50).optional(),
});

export const V1UpdateSchema = z.object({
  name: text(100).optional(),
  prompt: text(20_000).optional(),
  trigger: V1TriggerInputSchema.optional(),
  timezone: z.string().trim().max(100).optional(),
  model: z.string().trim().max(200).nullable().optional(),
  timeout: z.number().int().positive().nullable().optional(),
  enabled: z.boolean().optional(),
});

/** `POST /v1/validate`: the setup form's draft, as it would be created. */
export const V1ValidateSchema = z.object({ draft: z.record(z.string(), z.unknown()) });

export const V1PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const V1IdParamsSchema = z.object({ id: z.string().max(200) });

export type V1TriggerInput = z.infer<typeof V1TriggerInputSchema>;
export type V1CreatePrompt = z.infer<typeof V1CreatePromptSchema>;
export type V1Update = z.infer<typeof V1UpdateSchema>;
