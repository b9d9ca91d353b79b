import { z } from 'zod';
import { AutomationErrorSchema } from './automation-wire';
import {
  V1CreatePromptSchema,
  V1IdParamsSchema,
  V1PageQuerySchema,
  V1UpdateSchema,
  V1ValidateSchema,
} from './v1-schemas';

/**
 * The OpenAPI description of upstream's openhands-automation v1 routes (CONTRACT §8). Their requests
 * are ours to check and are modelled; their answers are upstream's shapes, which only the Agent
 * Canvas reads, and are documented as JSON objects. Documentation only, as AUTOMATION_ROUTE_SCHEMAS.
 */
const tags = ['openhands-automation v1'];
const security = [{ sessionKey: [] }];
const UpstreamAnswerSchema = z.record(z.string(), z.unknown());
const refusals = { 401: AutomationErrorSchema, 403: AutomationErrorSchema, 422: AutomationErrorSchema };
const withId = { ...refusals, 404: AutomationErrorSchema };

/** A route of upstream's that this service answers 404 `not_available`. */
const notAvailable = (operationId: string) => ({
  operationId,
  tags,
  security,
  description: 'Not offered here: 404 `not_available` with the reason.',
  response: { 404: AutomationErrorSchema },
});

export const V1_ROUTE_SCHEMAS = {
  health: { operationId: 'v1Health', tags, response: { 200: z.strictObject({ status: z.literal('ok') }) } },
  sdkVersion: {
    operationId: 'v1SdkVersion',
    tags,
    security,
    description: 'No openhands SDK runs here: `sdk_version` is null.',
    response: {
      200: z.strictObject({ sdk_version: z.null(), implementation: z.literal('agent-workbench') }),
    },
  },
  capabilities: { operationId: 'v1Capabilities', tags, security, response: { 200: UpstreamAnswerSchema } },
  validate: {
    operationId: 'v1Validate',
    tags,
    security,
    body: V1ValidateSchema,
    response: { 200: UpstreamAnswerSchema, ...refusals },
  },
  telemetryConsent: {
    operationId: 'v1TelemetryConsent',
    tags,
    security,
    description: 'Nothing is sent anywhere; the consent is answered as given.',
    response: { 200: z.strictObject({ ok: z.literal(true) }) },
  },
  list: {
    operationId: 'v1ListAutomations',
    tags,
    security,
    querystring: V1PageQuerySchema,
    response: { 200: UpstreamAnswerSchema, ...refusals },
  },
  createPrompt: {
    operationId: 'v1CreatePromptAutomation',
    tags,
    security,
    body: V1CreatePromptSchema,
    response: { 201: UpstreamAnswerSchema, ...refusals },
  },
  get: {
    operationId: 'v1GetAutomation',
    tags,
    security,
    params: V1IdParamsSchema,
    response: { 200: UpstreamAnswerSchema, ...withId },
  },
  update: {
    operationId: 'v1UpdateAutomation',
    tags,
    security,
    params: V1IdParamsSchema,
    body: V1UpdateSchema,
    response: { 200: UpstreamAnswerSchema, ...withId },
  },
  remove: {
    operationId: 'v1DeleteAutomation',
    tags,
    security,
    params: V1IdParamsSchema,
    response: { 204: z.null(), ...withId },
  },
  dispatch: {
    operationId: 'v1DispatchAutomation',
    tags,
    security,
    params: V1IdParamsSchema,
    response: {
      201: UpstreamAnswerSchema,
      ...withId,
      409: AutomationErrorSchema,
      502: AutomationErrorSchema,
    },
  },
  runs: {
    operationId: 'v1ListRuns',
    tags,
    security,
    params: V1IdParamsSchema,
    querystring: V1PageQuerySchema,
    response: { 200: UpstreamAnswerSchema, ...withId },
  },
  cancelRun: {
    operationId: 'v1CancelRun',
    tags,
    security,
    params: V1IdParamsSchema,
    response: { 200: UpstreamAnswerSchema, ...withId, 409: AutomationErrorSchema },
  },
  presetPlugin: notAvailable('v1CreatePluginAutomation'),
  createBundle: notAvailable('v1CreateBundleAutomation'),
  uploads: notAvailable('v1Upload'),
  tarball: notAvailable('v1GetTarball'),
  gitSyncStatus: notAvailable('v1GitSyncStatus'),
  gitSyncConfig: notAvailable('v1GitSyncConfig'),
  gitSyncCheck: notAvailable('v1GitSyncCheck'),
  gitSyncSync: notAvailable('v1GitSync'),
} as const;
