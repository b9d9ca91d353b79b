import { build, type Metafile } from 'esbuild';
import { runtimeBundleOptions } from './bundle-options';

/**
 * What the runtime process reads when it starts, as npm package names: the packages in the bundle's
 * files that its entry loads before it listens (main.mjs, the runtime-process chunk it imports at
 * once, and their static imports). A package used only behind another dynamic import() is in a
 * file of its own, read on first use, and not counted. Built in memory with the build's options.
 */
export async function runtimeStartPackages(): Promise<Set<string>> {
  const { metafile } = await build({
    ...runtimeBundleOptions(),
    write: false,
    logLevel: 'error',
  });
  return packagesAtStart(metafile, ['src/server/process/main.ts', 'src/server/process/runtime-process.ts']);
}

/** Package names in the outputs of `entryPoints` and everything those import statically. */
export function packagesAtStart(metafile: Metafile, entryPoints: readonly string[]): Set<string> {
  const outputs = metafile.outputs;
  const pending = Object.keys(outputs).filter((path) => {
    const entryPoint = outputs[path]?.entryPoint;
    return entryPoint !== undefined && entryPoints.includes(entryPoint);
  });
  const read = new Set<string>();
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (read.has(path)) continue;
    read.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) pending.push(imported.path);
    }
  }
  const packages = new Set<string>();
  for (const path of read) {
    for (const input of Object.keys(outputs[path]?.inputs ?? {})) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
      if (name) packages.add(name);
    }
  }
  return packages;
}
