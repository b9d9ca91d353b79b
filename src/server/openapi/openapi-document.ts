import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import { componentSchemas, isZodSchema, zodToOpenApi } from './zod-to-openapi';
import { SOCKET_DOCUMENTATION } from './socket-documentation';

/** What the document needs of a route: fastify's own options, minus the handler. */
interface DocumentedRoute {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema?: FastifySchema;
}

export type OpenApiDocument = Record<string, unknown>;

const recordsByApp = new WeakMap<FastifyInstance, { version: string; routes: DocumentedRoute[] }>();
const documentsByApp = new WeakMap<FastifyInstance, Promise<OpenApiDocument>>();

/**
 * Notes every route the app registers so `openApiDocument` can describe it later. Must be called
 * before the routes. @fastify/swagger itself (and the YAML parser it brings) loads only when a
 * client first asks for the document: about a tenth of what the runtime would otherwise parse at start.
 */
export function recordOpenApiRoutes(app: FastifyInstance, version: string): void {
  const routes: DocumentedRoute[] = [];
  recordsByApp.set(app, { version, routes });
  app.addHook('onRoute', (route) => {
    // fastify adds a HEAD twin for each GET; the document lists the GET only, as the plugin does.
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    if (methods.length === 0) return;
    routes.push({ method: methods, url: route.url, ...(route.schema ? { schema: route.schema } : {}) });
  });
}

/**
 * The OpenAPI 3.1 document of every route recorded on `app`, with the event and socket-frame models as
 * named components. Built once per app: @fastify/swagger runs on a documentation-only fastify instance
 * that carries the same routes with their schemas and handlers that are never called.
 */
export function openApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  let document = documentsByApp.get(app);
  if (!document) {
    const record = recordsByApp.get(app);
    if (!record) return Promise.reject(new Error('recordOpenApiRoutes was not called on this app'));
    document = buildDocument(record.routes, record.version);
    documentsByApp.set(app, document);
    // A failed build is retried on the next request instead of being remembered.
    document.catch(() => documentsByApp.delete(app));
  }
  return document;
}

async function buildDocument(routes: readonly DocumentedRoute[], version: string): Promise<OpenApiDocument> {
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
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const document = documentObject.openapiObject;
      document.components = { ...document.components, schemas: componentSchemas() };
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
