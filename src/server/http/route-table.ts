import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Starts recording every route registered on `app` from now on (HEAD twins excluded). */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url });
    }
  });
}

/** Every route of an app built by buildServer, e.g. for a test that checks auth on each of them. */
export function routeTable(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}
