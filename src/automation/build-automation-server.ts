import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { z } from 'zod';
import { AutomationError } from './automation-error';
import {
  CreateAutomationSchema,
  IdParamsSchema,
  PreviewScheduleSchema,
  UpdateAutomationSchema,
} from './automation-schemas';
import type { AutomationService } from './automation-service';
import { HOOKS_PREFIX } from './automation-view';
import { requestRefusal } from './request-refusal';
import { hasSessionKey } from './session-check';
import { registerV1Routes } from './register-v1-routes';
import { recordOpenApiRoutes } from '../openapi/record-openapi-routes';
import { automationDocumentDescription } from './automation-document-description';
import { AUTOMATION_ROUTE_SCHEMAS as SCHEMAS } from './automation-route-schemas';

export const API_PREFIX = '/api/automation';
/** A webhook's body: enough for a CI notification, small enough that a flood costs nothing. */
export const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;
const HISTORY_LIMIT = 50;
const WEBHOOK_ROUTE = `${HOOKS_PREFIX}/:id`;

/**
 * The automation service's HTTP face, built apart from listening (tests use inject()). Everything
 * under /api/automation needs the session key except the webhooks, which need their own token.
 * /health answers the launcher's probe.
 */
export async function buildAutomationServer(options: {
  service: AutomationService;
  sessionKey: string;
  /**
   * The port a Host header must name when a request arrives on no socket (inject() in tests); a real
   * connection is held to the port it arrived on.
   */
  port: number;
  /** host:port of the ingress's pages (parseOrigins of AGENT_WORKBENCH_ALLOWED_ORIGINS). */
  allowedOrigins: ReadonlySet<string>;
  /** The folder automations made through the v1 API work in (they name none); undefined: such a create is 422. */
  defaultWorkspace?: string;
  /** Where an unexpected error (a bug, a database down) is written; default stderr. */
  report?: (text: string) => void;
  /** The version its OpenAPI document names (scripts/gen-api.ts passes package.json's). */
  version?: string;
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // A malformed percent-encoding: fastify's own body would echo the URL, query string included.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      reply.code(400).send({ detail: 'The path is not valid percent-encoding', code: 'malformed_url' });
    },
  });
  // Route schemas are documentation (openapi.automation.json): handlers parse with the same zod
  // schemas themselves, and answers are plain JSON, as they were before the routes carried schemas.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  recordOpenApiRoutes(app, automationDocumentDescription(options.version ?? '0.0.0'));
  installJsonParser(app);
  installErrors(app, options.report ?? ((text) => process.stderr.write(`${text}\n`)));
  app.addHook('onRequest', async (request, reply) => {
    // The route matched, not the URL as spelled: a percent-encoded path cannot pass for a webhook.
    const route = request.routeOptions.url;
    const isWebhook = route === WEBHOOK_ROUTE;
    const port = request.socket.localPort ?? options.port;
    const refusal = requestRefusal(request.headers, {
      port,
      allowedOrigins: options.allowedOrigins,
      isWebhook,
    });
    if (refusal) {
      const code = refusal.includes('Host') ? 'forbidden_host' : 'forbidden_origin';
      return reply.code(403).send({ detail: refusal, code });
    }
    if (route === '/health' || isWebhook) return;
    if (!hasSessionKey(request.headers, options.sessionKey))
      return reply.code(401).send({ detail: 'Unauthorized', code: 'unauthorized' });
  });

  const { service } = options;
  const id = (params: unknown) => {
    const parsed = IdParamsSchema.safeParse(params);
    if (!parsed.success)
      throw new AutomationError('automation_not_found', 'No automation with this id (deleted?)');
    return parsed.data.id;
  };
  app.get('/health', { schema: SCHEMAS.health }, async () => ({ status: 'OK' }));
  app.get(`${API_PREFIX}/automations`, { schema: SCHEMAS.list }, async () => ({
    items: await service.list(),
  }));
  app.post(`${API_PREFIX}/automations`, { schema: SCHEMAS.create }, async (request, reply) =>
    reply.code(201).send(await service.create(CreateAutomationSchema.parse(request.body ?? {}))),
  );
  app.get(`${API_PREFIX}/automations/:id`, { schema: SCHEMAS.get }, async (request) =>
    service.get(id(request.params)),
  );
  app.patch(`${API_PREFIX}/automations/:id`, { schema: SCHEMAS.update }, async (request) =>
    service.update(id(request.params), UpdateAutomationSchema.parse(request.body ?? {})),
  );
  app.delete(`${API_PREFIX}/automations/:id`, { schema: SCHEMAS.remove }, async (request, reply) => {
    await service.delete(id(request.params));
    return reply.code(204).send();
  });
  app.get(`${API_PREFIX}/automations/:id/runs`, { schema: SCHEMAS.runs }, async (request) => ({
    items: await service.runs(id(request.params), HISTORY_LIMIT),
  }));
  app.post(`${API_PREFIX}/automations/:id/run`, { schema: SCHEMAS.runNow }, async (request, reply) =>
    reply.code(202).send(await service.runNow(id(request.params))),
  );
  app.post(`${API_PREFIX}/schedule-preview`, { schema: SCHEMAS.preview }, async (request) =>
    service.preview(PreviewScheduleSchema.parse(request.body ?? {})),
  );
  registerV1Routes(app, { service, defaultWorkspace: options.defaultWorkspace });
  app.post(WEBHOOK_ROUTE, { schema: SCHEMAS.webhook }, async (request, reply) => {
    const token = request.headers['x-automation-token'] ?? (request.query as Record<string, unknown>).token;
    const params = IdParamsSchema.safeParse(request.params);
    if (!params.success) throw new AutomationError('invalid_token', 'Missing or wrong webhook token');
    return reply
      .code(202)
      .send(
        await service.runWebhook(params.data.id, typeof token === 'string' ? token : undefined, request.body),
      );
  });
  await app.ready();
  return app;
}

/** JSON bodies, and an empty body read as none (a webhook caller often sends nothing). */
function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        Object.assign(new Error('Malformed JSON body'), { statusCode: 400, code: 'malformed_json' }),
        undefined,
      );
    }
  });
}

function installErrors(app: FastifyInstance, report: (text: string) => void): void {
  app.setErrorHandler((error: FastifyError, _request, reply: FastifyReply) => {
    if (error instanceof AutomationError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send({ detail: error.message, code: error.code, field: error.field });
    }
    if (error instanceof z.ZodError) {
      return reply.code(422).send({
        detail: error.issues.map((issue) => ({
          loc: ['body', ...issue.path.map(String)],
          msg: issue.message,
          type: issue.code,
        })),
        code: 'validation_failed',
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ detail: 'The body is larger than 64 KiB', code: 'payload_too_large' });
    }
    if (error.code === 'malformed_json') {
      return reply.code(400).send({ detail: 'Malformed JSON body', code: 'malformed_json' });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own words may quote the input (a header, the URL): a fixed word instead.
      return reply.code(error.statusCode).send({ detail: 'Bad Request', code: 'bad_request' });
    }
    report(`automation service: unhandled error: ${error.stack ?? error.message}`);
    return reply.code(500).send({ detail: 'Internal Server Error', code: 'internal_error' });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ detail: 'Not Found', code: 'not_found' }),
  );
}
