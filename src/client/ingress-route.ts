/**
 * `auth` is the ingress's own login endpoints (POST /auth/session, /auth/logout); `automation` the
 * automation service (schedules and webhooks), a process of its own.
 */
export type RouteTarget = 'runtime' | 'automation' | 'auth' | 'spa';

export interface Route {
  prefix: string;
  target: RouteTarget;
}

/**
 * CONTRACT §2: everything the runtime answers, the automation service's prefix (longer than /api, so
 * it wins), the ingress's login endpoints; the rest is the SPA.
 */
export const INGRESS_ROUTES: readonly Route[] = [
  { prefix: '/api/automation', target: 'automation' },
  { prefix: '/api', target: 'runtime' },
  { prefix: '/sockets', target: 'runtime' },
  { prefix: '/server_info', target: 'runtime' },
  { prefix: '/alive', target: 'runtime' },
  { prefix: '/health', target: 'runtime' },
  { prefix: '/ready', target: 'runtime' },
  { prefix: '/openapi.json', target: 'runtime' },
  { prefix: '/auth', target: 'auth' },
  { prefix: '/', target: 'spa' },
];

/**
 * Longest-prefix match. A prefix matches a path that equals it or continues with '/' or '?', so
 * '/apix' does not match '/api'. Pure; returns 'spa' when nothing else matches.
 */
export function routeFor(path: string, routes: readonly Route[] = INGRESS_ROUTES): RouteTarget {
  let best: Route | undefined;
  for (const route of routes) {
    if (!prefixMatches(route.prefix, path)) continue;
    if (!best || route.prefix.length > best.prefix.length) best = route;
  }
  return best?.target ?? 'spa';
}

export function prefixMatches(prefix: string, path: string): boolean {
  if (!path.startsWith(prefix)) return false;
  if (path.length === prefix.length || prefix.endsWith('/')) return true;
  const next = path[prefix.length];
  return next === '/' || next === '?';
}

/**
 * WebSocket upgrades are answered only under /sockets/ (the one socket route of CONTRACT §4): any
 * other path gets 404 and never a 101, so no other handler can be turned into a socket.
 */
export function isSocketPath(path: string): boolean {
  return path.startsWith('/sockets/');
}
