import { join } from 'node:path';
import { isBundleCurrent } from './bundle-freshness';

/** Where the runtime's code comes from: the build's bundle, or the TypeScript sources through tsx. */
export type RuntimeEntry = { kind: 'bundle'; path: string } | { kind: 'source'; path: string };

/**
 * The bundle (`dist/runtime/main.mjs`, written by `npm run build`) starts in a fraction of the CPU
 * time and with less memory than compiling the sources on the fly, so the launcher uses it, but only
 * while it is current (isBundleCurrent: no source that went into it changed since the build).
 */
export function chooseRuntimeEntry(repoDir: string): RuntimeEntry {
  return chooseEntry(repoDir, 'runtime', join('src', 'server', 'process', 'main.ts'));
}

/** The automation service's code, by the same rule: `dist/automation/main.mjs` or `src/automation/main.ts`. */
export function chooseAutomationEntry(repoDir: string): RuntimeEntry {
  return chooseEntry(repoDir, 'automation', join('src', 'automation', 'main.ts'));
}

function chooseEntry(repoDir: string, bundleName: string, sourcePath: string): RuntimeEntry {
  const bundleDir = join(repoDir, 'dist', bundleName);
  return isBundleCurrent(repoDir, bundleDir)
    ? { kind: 'bundle', path: join(bundleDir, 'main.mjs') }
    : { kind: 'source', path: join(repoDir, sourcePath) };
}
