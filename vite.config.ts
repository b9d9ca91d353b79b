import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { injectSpaConfig } from './src/cli/inject-spa-config';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The runtime prefixes of CONTRACT §2, matched like the ingress does ('/apix' is not '/api'). */
const RUNTIME_PREFIXES = '^/(api|sockets|server_info|alive|health|ready|openapi\\.json)(/|\\?|$)';
const DEV_RUNTIME = 'http://127.0.0.1:18000';

/**
 * `npm run dev:ui` serves the SPA with hot reload and proxies the runtime (start one with
 * `npm start -- --no-open` or the runtime alone). With AGENT_WORKBENCH_SESSION_KEY set, the dev page
 * gets the same injected config the ingress gives; without it the SPA asks for the key.
 */
function devSpaConfig(): Plugin {
  return {
    name: 'agent-workbench-dev-config',
    apply: 'serve',
    transformIndexHtml(html) {
      const sessionKey = process.env.AGENT_WORKBENCH_SESSION_KEY;
      if (!sessionKey) return html;
      const defaultWorkspace = process.env.AGENT_WORKBENCH_WORKSPACE ?? process.cwd();
      return injectSpaConfig(html, { sessionKey, defaultWorkspace });
    },
  };
}

export default defineConfig({
  root: fromHere('./src/ui'),
  base: '/',
  publicDir: fromHere('./public'),
  plugins: [react(), devSpaConfig()],
  build: {
    outDir: fromHere('./dist/ui'),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      [RUNTIME_PREFIXES]: { target: DEV_RUNTIME, ws: true },
    },
  },
});
