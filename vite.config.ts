import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { handleAuthRequest } from './src/cli/handle-auth-request';
import { isAllowedOrigin } from './src/client/ingress-guards';
import { routeFor } from './src/client/ingress-route';
import { sendJson } from './src/cli/send-text';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The runtime prefixes of CONTRACT §2, matched like the ingress does ('/apix' is not '/api'). */
const RUNTIME_PREFIXES = '^/(api|sockets|server_info|alive|health|ready|openapi\\.json)(/|\\?|$)';
const DEV_RUNTIME = 'http://127.0.0.1:18000';

/**
 * `npm run dev:ui` serves the SPA with hot reload and proxies the runtime (start one with
 * `npm start -- --no-open`). The dev server answers the key screen's POST /auth/session itself, like
 * the ingress, when AGENT_WORKBENCH_SESSION_KEY is set to the runtime's key.
 */
function devLogin(): Plugin {
  return {
    name: 'agent-workbench-dev-login',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (routeFor(request.url ?? '/') !== 'auth') return next();
        const sessionKey = process.env.AGENT_WORKBENCH_SESSION_KEY?.trim();
        if (!sessionKey) {
          return sendJson(response, 503, { detail: 'Set AGENT_WORKBENCH_SESSION_KEY for npm run dev:ui' });
        }
        if (!isAllowedOrigin(request.headers.origin, request.headers.host)) {
          return sendJson(response, 403, { detail: 'Forbidden: cross-origin request' });
        }
        handleAuthRequest(request, response, sessionKey).catch(next);
      });
    },
  };
}

/**
 * The runtime accepts only the ingress's Origin. The dev page's own Origin is dropped on the way
 * (the runtime then treats it like a script); any other Origin goes through and is refused there.
 */
const runtimeProxy: ProxyOptions = {
  target: DEV_RUNTIME,
  ws: true,
  changeOrigin: true,
  configure(proxy) {
    const dropOwnOrigin = (proxyRequest: { removeHeader(name: string): void }, request: IncomingMessage) => {
      if (request.headers.origin && isAllowedOrigin(request.headers.origin, request.headers.host)) {
        proxyRequest.removeHeader('origin');
      }
    };
    proxy.on('proxyReq', dropOwnOrigin);
    proxy.on('proxyReqWs', dropOwnOrigin);
  },
};

export default defineConfig({
  root: fromHere('./src/ui'),
  base: '/',
  publicDir: fromHere('./public'),
  plugins: [react(), devLogin()],
  build: {
    outDir: fromHere('./dist/ui'),
    emptyOutDir: true,
    // The page runs under a CSP without inline scripts; the polyfill is not needed by our browsers.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      [RUNTIME_PREFIXES]: runtimeProxy,
    },
  },
});
