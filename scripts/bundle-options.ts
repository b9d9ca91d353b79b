import { join } from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';

/** esbuild's options for one process, where its files go and the metafile that lists what went in. */
export type NodeBundleOptions = BuildOptions & { metafile: true; outdir: string };

const repo = join(import.meta.dirname, '..');
/**
 * Loaded with their compiled .node files from node_modules, as installed. dockerode (the docker
 * sandbox's Engine API client) reaches ssh2's optional native crypto through docker-modem; it is
 * loaded only by a runtime started with --sandbox docker.
 */
const NATIVE_PACKAGES = ['better-sqlite3', 'node-pty', 'dockerode'];
/**
 * Packages the runtime does not use once its app is made, left out of its bundle (a fifth of what it
 * read at start): fastify's own schema compilers, with ajv and fast-json-stringify (zod's replace
 * them, src/server/http/zod-schema-compilers.ts), and inject()'s light-my-request. Whatever does use them
 * (the OpenAPI document's fastify instance) reads them from node_modules, as the native addons are.
 */
const UNUSED_BY_THE_RUNTIME = [
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
];

/**
 * zod re-exports every locale as `z.locales` (about 300 KB, an eighth of what the runtime parses at
 * start); nothing here switches locale, and zod imports English for its default messages on its own.
 * So the locales index zod's own modules import becomes one that offers English only.
 */
const englishOnlyZodLocales: Plugin = {
  name: 'english-only-zod-locales',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)) return undefined;
      return { path: join(args.importer, '../../locales/en.js'), namespace: 'zod-locales' };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: repo,
    }));
  },
};

/**
 * How scripts/build-runtime.ts bundles a Node process (entry `main`, into `outdir`), packages
 * included except the native addons. Tests build with the same options to see what a process loads.
 */
export function bundleOptions(
  entry: string,
  outdir: string,
  options: { splitting: boolean; external?: readonly string[] },
): NodeBundleOptions {
  return {
    absWorkingDir: repo,
    entryPoints: { main: entry },
    outdir,
    // Chunks sit beside main.mjs: modules that find files through `new URL(…, import.meta.url)` (the
    // sandbox bridge script) must resolve them from the same folder depth whichever file they land in.
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: options.splitting,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...NATIVE_PACKAGES, ...(options.external ?? [])],
    // Packages written as CommonJS call require() for Node's own modules, which an ES module lacks.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [englishOnlyZodLocales],
  };
}

/**
 * The runtime (src/server/process/main.ts into dist/runtime/main.mjs), split so that code loaded on first
 * use (behind a dynamic import) sits in files of its own, not read at start.
 */
export function runtimeBundleOptions(): NodeBundleOptions {
  return bundleOptions('src/server/process/main.ts', 'dist/runtime', {
    splitting: true,
    external: UNUSED_BY_THE_RUNTIME,
  });
}
