import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { componentSchemas, isZodSchema, zodToOpenApi } from './zod-to-openapi';
import { SOCKET_DOCUMENTATION } from './socket-documentation';

/**
 * Registers @fastify/swagger so `app.swagger()` describes every route from its zod schemas, plus the
 * event and socket-frame models as named components. Must be registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Agent Workbench runtime',
        version,
        description: SOCKET_DOCUMENTATION,
      },
      components: {
        securitySchemes: {
          sessionKey: { type: 'apiKey', in: 'header', name: 'X-Session-API-Key' },
        },
      },
    },
    transform: ({ schema, url }) => ({ schema: transformRouteSchema(schema), url }),
    // Built on the first request for the document, not at startup: the runtime is ready sooner.
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const document = documentObject.openapiObject;
      document.components = { ...document.components, schemas: componentSchemas() };
      return document;
    },
  });
}

function transformRouteSchema(schema: FastifySchema | undefined): FastifySchema {
  if (!schema) return {};
  const result: Record<string, unknown> = { ...schema };
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    const value = schema[part];
    if (isZodSchema(value)) result[part] = zodToOpenApi(value, 'input');
  }
  if (schema.response && typeof schema.response === 'object') {
    const responses: Record<string, unknown> = {};
    for (const [status, value] of Object.entries(schema.response)) {
      responses[status] = isZodSchema(value) ? zodToOpenApi(value, 'output') : value;
    }
    result.response = responses;
  }
  return result as FastifySchema;
}
