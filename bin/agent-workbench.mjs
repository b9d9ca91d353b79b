#!/usr/bin/env node
import { readFileSync, statSync } from 'node:fs';

/**
 * The launcher is TypeScript. `npm run build` bundles it into dist/cli/main.mjs, which runs as is;
 * without a current bundle, tsx compiles the sources on the fly (Node 20 cannot strip types), which
 * costs about three times the start-up CPU and 30 MiB more memory for as long as the launcher lives.
 * "Current" is the rule of src/cli/bundle-freshness.ts, repeated here because this file cannot
 * import TypeScript: no file listed in dist/cli/inputs.json changed since.
 *
 * No V8 flags (here or in package.json's `start`): every request the browser makes runs through this
 * process's proxy, so it keeps V8's compilers and default heap (`npm run bench -- ingress`).
 */
const repo = new URL('../', import.meta.url);
const bundle = new URL('dist/cli/main.mjs', repo);

const { main } = bundleIsCurrent()
  ? await import(bundle.href)
  : await import('tsx/esm/api').then(({ register }) => {
      register();
      return import('../src/cli/main.ts');
    });
// Exit explicitly: a stray handle (a pending timer, a keep-alive socket) must not keep the launcher alive.
process.exit(await main(process.argv.slice(2)));

function bundleIsCurrent() {
  try {
    const builtAt = statSync(bundle).mtimeMs;
    const inputs = JSON.parse(readFileSync(new URL('dist/cli/inputs.json', repo), 'utf8'));
    return inputs.every((path) => statSync(new URL(path, repo)).mtimeMs <= builtAt);
  } catch {
    return false; // no bundle, no input list, or a source gone: run the sources
  }
}
