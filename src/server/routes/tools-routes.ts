import { z } from 'zod';
import type { ServerContext, ZodApp } from '../http/server-context';

/** GET /api/tools/ (the agent server's shape): the names of the tools this runtime gives the agent. */
export function registerToolsRoutes(app: ZodApp, context: ServerContext): void {
  app.get(
    '/api/tools/',
    {
      schema: {
        operationId: 'listTools',
        tags: ['tools'],
        description:
          'The tools this runtime serves, by name (terminal, file_editor, task_tracker, think, finish). Upstream lists every tool its registry knows; tools this runtime cannot run are not listed.',
        response: { 200: z.array(z.string()) },
      },
    },
    async () => [...context.usableTools],
  );
}
