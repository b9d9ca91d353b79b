import type { FastifyInstance } from 'fastify';
import { AutomationError } from './automation-error';
import type { RunRecord } from './automation-record';
import { CreateAutomationSchema, IdParamsSchema, UpdateAutomationSchema } from './automation-schemas';
import type { AutomationService } from './automation-service';
import { toV1Automation, toV1Run } from './v1-automation-view';
import { v1Capabilities } from './v1-capabilities';
import { v1CreateInput, v1UpdateInput } from './v1-input';
import { V1CreatePromptSchema, V1PageQuerySchema, V1UpdateSchema, V1ValidateSchema } from './v1-schemas';
import { validateV1Draft } from './v1-validate-draft';
import { V1_ROUTE_SCHEMAS as SCHEMAS } from './v1-route-schemas';

/** Where the Canvas finds the openhands-automation API: under our own prefix, beside our routes. */
export const V1_PREFIX = '/api/automation/v1';

/**
 * The openhands-automation v1 routes the Agent Canvas's Automate page calls (CONTRACT §8), as
 * another face of the same service and store as our own routes: an automation made here is listed
 * there and the other way round. The guards (Host, Origin, session key) are the server's onRequest
 * hook's, as for every other route. What upstream offers and we do not answers 404 `not_available`.
 */
export function registerV1Routes(
  app: FastifyInstance,
  options: { service: AutomationService; defaultWorkspace: string | undefined },
): void {
  const { service } = options;
  const automationId = (params: unknown) => {
    const parsed = IdParamsSchema.safeParse(params);
    if (!parsed.success)
      throw new AutomationError('automation_not_found', 'No automation with this id (deleted?)');
    return parsed.data.id;
  };
  const v1Runs = async (runs: RunRecord[]) => {
    const statuses = await service.conversationStatuses(runs);
    return runs.map((run) =>
      toV1Run(run, run.conversation_id ? statuses.get(run.conversation_id) : undefined),
    );
  };

  app.get('/api/automation/health', { schema: SCHEMAS.health }, async () => ({ status: 'ok' }));
  // No openhands SDK runs here: null tells the Canvas so (it reads the field for its telemetry only).
  app.get('/api/automation/sdk-version', { schema: SCHEMAS.sdkVersion }, async () => ({
    sdk_version: null,
    implementation: 'agent-workbench',
  }));
  app.get(`${V1_PREFIX}/capabilities`, { schema: SCHEMAS.capabilities }, async () => v1Capabilities());
  app.post(`${V1_PREFIX}/validate`, { schema: SCHEMAS.validate }, async (request) =>
    validateV1Draft(V1ValidateSchema.parse(request.body ?? {}).draft),
  );
  // Nothing is sent anywhere; the consent is answered as given so the Canvas's settings stay calm.
  app.post(`${V1_PREFIX}/telemetry/consent`, { schema: SCHEMAS.telemetryConsent }, async () => ({
    ok: true,
  }));

  app.get(V1_PREFIX, { schema: SCHEMAS.list }, async (request) => {
    const page = V1PageQuerySchema.parse(request.query ?? {});
    const all = await service.list();
    return {
      automations: all.slice(page.offset, page.offset + page.limit).map(toV1Automation),
      total: all.length,
    };
  });
  app.post(`${V1_PREFIX}/preset/prompt`, { schema: SCHEMAS.createPrompt }, async (request, reply) => {
    const body = V1CreatePromptSchema.parse(request.body ?? {});
    // Through our own schema too: the same limits as our routes (a model name's length and characters).
    const input = CreateAutomationSchema.parse(v1CreateInput(body, options.defaultWorkspace));
    const created = await service.create(input);
    return reply.code(201).send(toV1Automation(created));
  });
  app.get(`${V1_PREFIX}/:id`, { schema: SCHEMAS.get }, async (request) =>
    toV1Automation(await service.get(automationId(request.params))),
  );
  app.patch(`${V1_PREFIX}/:id`, { schema: SCHEMAS.update }, async (request) => {
    const id = automationId(request.params);
    const body = V1UpdateSchema.parse(request.body ?? {});
    const current = await service.get(id);
    const patch = UpdateAutomationSchema.parse(v1UpdateInput(body, current));
    return toV1Automation(await service.update(id, patch));
  });
  app.delete(`${V1_PREFIX}/:id`, { schema: SCHEMAS.remove }, async (request, reply) => {
    await service.delete(automationId(request.params));
    return reply.code(204).send();
  });
  app.post(`${V1_PREFIX}/:id/dispatch`, { schema: SCHEMAS.dispatch }, async (request, reply) => {
    const run = await service.runNow(automationId(request.params));
    return reply.code(201).send((await v1Runs([run]))[0]);
  });
  app.get(`${V1_PREFIX}/:id/runs`, { schema: SCHEMAS.runs }, async (request) => {
    const page = V1PageQuerySchema.parse(request.query ?? {});
    const { runs, total } = await service.runPage(automationId(request.params), page);
    return { runs: await v1Runs(runs), total };
  });
  app.post(`${V1_PREFIX}/runs/:id/cancel`, { schema: SCHEMAS.cancelRun }, async (request) => {
    const parsed = IdParamsSchema.safeParse(request.params);
    if (!parsed.success)
      throw new AutomationError('run_not_found', 'No run with this id (its automation deleted?)');
    return (await v1Runs([await service.cancelRun(parsed.data.id)]))[0];
  });

  const notAvailable = (what: string) => async () => {
    throw new AutomationError(
      'not_available',
      `${what} are not available in Agent Workbench's automation service`,
    );
  };
  app.post(
    `${V1_PREFIX}/preset/plugin`,
    { schema: SCHEMAS.presetPlugin },
    notAvailable('Plugin automations'),
  );
  app.post(V1_PREFIX, { schema: SCHEMAS.createBundle }, notAvailable('Script bundle automations'));
  app.post(`${V1_PREFIX}/uploads`, { schema: SCHEMAS.uploads }, notAvailable('Tarball uploads'));
  app.get(`${V1_PREFIX}/:id/tarball`, { schema: SCHEMAS.tarball }, notAvailable('Tarballs'));
  app.get(
    `${V1_PREFIX}/git-sync/status`,
    { schema: SCHEMAS.gitSyncStatus },
    notAvailable('Git sync and its settings'),
  );
  app.put(
    `${V1_PREFIX}/git-sync/config`,
    { schema: SCHEMAS.gitSyncConfig },
    notAvailable('Git sync and its settings'),
  );
  app.post(
    `${V1_PREFIX}/git-sync/check`,
    { schema: SCHEMAS.gitSyncCheck },
    notAvailable('Git sync and its settings'),
  );
  app.post(
    `${V1_PREFIX}/git-sync/sync`,
    { schema: SCHEMAS.gitSyncSync },
    notAvailable('Git sync and its settings'),
  );
}
