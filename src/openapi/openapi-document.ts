import type { FastifyInstance, FastifySchema } from 'fastify';
import { type DocumentDescription, type DocumentedRoute, recordedRoutes } from './record-openapi-routes';
import { componentSchemas, type DocumentComponents, isZodSchema, zodToOpenApi } from './zod-to-openapi';

export type OpenApiDocument = Record<string, unknown>;

const documentsByApp = new WeakMap<FastifyInstance, Promise<OpenApiDocument>>();

/**
 * The OpenAPI 3.1 document of every route recorded on `app` (recordOpenApiRoutes), with its named
 * models as components. Built once per app: @fastify/swagger runs on a documentation-only fastify
 * instance that carries the same routes with their schemas and handlers that are never called.
 * Rejects when the routes were not recorded; a failed build is retried on the next call.
 */
export function openApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  let document = documentsByApp.get(app);
  if (!document) {
    const record = recordedRoutes(app);
    if (!record) return Promise.reject(new Error('recordOpenApiRoutes was not called on this app'));
    document = buildDocument(record.routes, record.description);
    documentsByApp.set(app, document);
    document.catch(() => documentsByApp.delete(app));
  }
  return document;
}

async function buildDocument(
  routes: readonly DocumentedRoute[],
  description: DocumentDescription,
): Promise<OpenApiDocument> {
  const [{ default: Fastify }, { default: swagger }] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
  ]);
  const documentation = Fastify({ exposeHeadRoutes: false });
  // Schemas are zod: the documentation instance validates and serializes nothing.
  documentation.setValidatorCompiler(() => () => true);
  documentation.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await documentation.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: description.title,
        version: description.version,
        ...(description.description === undefined ? {} : { description: description.description }),
      },
      components: { securitySchemes: description.securitySchemes },
    },
    transform: ({ schema, url }) => ({ schema: transformRouteSchema(schema, description.components), url }),
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const document = documentObject.openapiObject;
      document.components = { ...document.components, schemas: componentSchemas(description.components) };
      return document;
    },
  });
  for (const route of routes) {
    documentation.route({ ...route, handler: neverCalled });
  }
  try {
    await documentation.ready();
    return documentation.swagger() as unknown as OpenApiDocument;
  } finally {
    await documentation.close();
  }
}

async function neverCalled(): Promise<never> {
  throw new Error('the documentation instance serves no requests');
}

function transformRouteSchema(
  schema: FastifySchema | undefined,
  components: DocumentComponents,
): FastifySchema {
  if (!schema) return {};
  const result: Record<string, unknown> = { ...schema };
  for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
    const value = schema[part];
    if (isZodSchema(value)) result[part] = zodToOpenApi(value, 'input', components);
  }
  if (schema.response && typeof schema.response === 'object') {
    const responses: Record<string, unknown> = {};
    for (const [status, value] of Object.entries(schema.response)) {
      responses[status] = isZodSchema(value) ? zodToOpenApi(value, 'output', components) : value;
    }
    result.response = responses;
  }
  return result as FastifySchema;
}
