import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import type { DocumentComponents } from './zod-to-openapi';

/** What the document needs of a route: fastify's own options, minus the handler. */
export interface DocumentedRoute {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema?: FastifySchema;
}

/** A key sent in a header, a query parameter or a cookie. */
export interface ApiKeyScheme {
  type: 'apiKey';
  in: 'header' | 'query' | 'cookie';
  name: string;
}

/** What a document says of itself, beside its routes. */
export interface DocumentDescription {
  title: string;
  version: string;
  /** Markdown under the title (the runtime's describes its sockets there). */
  description?: string;
  /** The keys a caller may present, by name (the routes' `security` refers to these names). */
  securitySchemes: Record<string, ApiKeyScheme>;
  components: DocumentComponents;
}

export interface RouteRecord {
  description: DocumentDescription;
  routes: DocumentedRoute[];
}

const recordsByApp = new WeakMap<FastifyInstance, RouteRecord>();

/**
 * Notes every route the app registers so `openApiDocument` (openapi-document.ts) can describe it
 * later. Must be called before the routes. Costs an array push per route: the documentation
 * machinery (@fastify/swagger and the YAML parser it brings) loads only when a document is asked for.
 */
export function recordOpenApiRoutes(app: FastifyInstance, description: DocumentDescription): void {
  const routes: DocumentedRoute[] = [];
  recordsByApp.set(app, { description, routes });
  app.addHook('onRoute', (route) => {
    // fastify adds a HEAD twin for each GET; the document lists the GET only, as the plugin does.
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    if (methods.length === 0) return;
    routes.push({ method: methods, url: route.url, ...(route.schema ? { schema: route.schema } : {}) });
  });
}

/** What recordOpenApiRoutes noted on `app`; undefined when it was not called there. */
export function recordedRoutes(app: FastifyInstance): RouteRecord | undefined {
  return recordsByApp.get(app);
}
