import { z } from 'zod';
import {
  CreateAutomationSchema,
  IdParamsSchema,
  PreviewScheduleSchema,
  UpdateAutomationSchema,
} from './automation-schemas';
import {
  AutomationErrorSchema,
  AutomationListSchema,
  AutomationRunListSchema,
  AutomationRunSchema,
  AutomationSchema,
  SchedulePreviewSchema,
} from './automation-wire';

/**
 * The OpenAPI description of the service's own routes (CONTRACT §3b). Documentation only: the
 * server's compilers neither validate nor serialize with these (its handlers parse with the same
 * schemas themselves), so the wire stays what the handlers make of it.
 */
const tags = ['automations'];
const security = [{ sessionKey: [] }];
const refusals = { 401: AutomationErrorSchema, 403: AutomationErrorSchema, 422: AutomationErrorSchema };
const withId = { ...refusals, 404: AutomationErrorSchema };
const NoContentSchema = z.null();

export const AUTOMATION_ROUTE_SCHEMAS = {
  health: {
    operationId: 'automationHealth',
    tags: ['health'],
    description: "The launcher's probe; needs no key.",
    response: { 200: z.strictObject({ status: z.literal('OK') }) },
  },
  list: {
    operationId: 'listAutomations',
    tags,
    security,
    response: { 200: AutomationListSchema, ...refusals },
  },
  create: {
    operationId: 'createAutomation',
    tags,
    security,
    description:
      'Saves an automation; its workspace must exist and its schedule must parse (422 with `field`).',
    body: CreateAutomationSchema,
    response: { 201: AutomationSchema, ...refusals },
  },
  get: {
    operationId: 'getAutomation',
    tags,
    security,
    params: IdParamsSchema,
    response: { 200: AutomationSchema, ...withId },
  },
  update: {
    operationId: 'updateAutomation',
    tags,
    security,
    description: 'Changes the fields given; the others keep their values.',
    params: IdParamsSchema,
    body: UpdateAutomationSchema,
    response: { 200: AutomationSchema, ...withId },
  },
  remove: {
    operationId: 'deleteAutomation',
    tags,
    security,
    description: 'Deletes the automation and its run history (the conversations its runs made stay).',
    params: IdParamsSchema,
    response: { 204: NoContentSchema, ...withId },
  },
  runs: {
    operationId: 'listAutomationRuns',
    tags,
    security,
    description: 'The 50 latest runs, newest first.',
    params: IdParamsSchema,
    response: { 200: AutomationRunListSchema, ...withId },
  },
  runNow: {
    operationId: 'runAutomationNow',
    tags,
    security,
    description: 'Starts a run at once; the answer is the run as recorded when it started (or failed to).',
    params: IdParamsSchema,
    response: { 202: AutomationRunSchema, ...withId, 409: AutomationErrorSchema, 502: AutomationErrorSchema },
  },
  preview: {
    operationId: 'previewSchedule',
    tags,
    security,
    description: 'Reads a cron line in a time zone: its words and the next runs.',
    body: PreviewScheduleSchema,
    response: { 200: SchedulePreviewSchema, ...refusals },
  },
  webhook: {
    operationId: 'callAutomationWebhook',
    tags: ['webhooks'],
    description:
      "Starts a run of an automation whose webhook is on. No session key: the webhook's token, in `X-Automation-Token` or `?token=`, else 401 `invalid_token`. The body (JSON, at most 64 KiB) is the payload the message's `{{payload.…}}` placeholders read. Over the rate limit: 429 `rate_limited` with `Retry-After`.",
    params: IdParamsSchema,
    querystring: z.object({ token: z.string().optional() }),
    response: {
      202: AutomationRunSchema,
      401: AutomationErrorSchema,
      404: AutomationErrorSchema,
      409: AutomationErrorSchema,
      413: AutomationErrorSchema,
      429: AutomationErrorSchema,
    },
  },
} as const;
