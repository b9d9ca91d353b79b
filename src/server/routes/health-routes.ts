import { ServerInfoSchema, StatusSchema } from '../http/api-schemas';
import type { ServerContext, ZodApp } from '../http/server-context';
import { UPSTREAM_AGENT_SERVER_VERSION } from '../upstream/upstream-agent-server-version';

const CAPABILITIES = [
  'conversations',
  'search',
  'fork',
  'navigate',
  'confirmation',
  'export',
  'session-socket',
  'settings',
];

/** The unauthenticated probes: liveness, health, readiness and what this runtime is. */
export function registerHealthRoutes(app: ZodApp, context: ServerContext): void {
  for (const [path, operationId] of [
    ['/alive', 'alive'],
    ['/health', 'health'],
  ] as const) {
    app.get(
      path,
      { schema: { operationId, tags: ['health'], response: { 200: StatusSchema } } },
      async () => ({
        status: 'ok',
      }),
    );
  }
  app.get(
    '/ready',
    {
      schema: { operationId: 'ready', tags: ['health'], response: { 200: StatusSchema, 503: StatusSchema } },
    },
    async (_request, reply) => {
      try {
        context.service();
        return { status: 'ready' };
      } catch {
        // No conversation service yet: alive, but not ready to take work.
        return reply.code(503).send({ status: 'starting' });
      }
    },
  );
  app.get(
    '/server_info',
    { schema: { operationId: 'getServerInfo', tags: ['health'], response: { 200: ServerInfoSchema } } },
    async () => {
      const now = context.now();
      return {
        title: 'Agent Workbench',
        version: UPSTREAM_AGENT_SERVER_VERSION,
        workbench_version: context.version,
        uptime: seconds(now - context.startedAt.getTime()),
        idle_time: seconds(now - context.lastActivity()),
        usable_tools: [...context.usableTools],
        capabilities: CAPABILITIES,
      };
    },
  );
}

function seconds(milliseconds: number): number {
  return Math.max(0, Math.round(milliseconds / 100) / 10);
}
