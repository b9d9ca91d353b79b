import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Written by scripts/build-runtime.ts beside each bundle: the repo-relative files it depends on (our
 * sources that went in, package.json, npm's install record).
 */
export const BUNDLE_INPUTS_FILE = 'inputs.json';

/**
 * Whether `<bundleDir>/main.mjs` may run instead of the sources: it exists, and none of the files it
 * depends on changed (or vanished) since. Someone who edits the code, or installs other packages, and
 * runs `npm start` must never get yesterday's build; an edit elsewhere (a test, the UI) keeps it.
 * Reads only file times of the listed files (a few hundred stats, a few ms).
 */
export function isBundleCurrent(repoDir: string, bundleDir: string): boolean {
  const builtAt = modifiedTime(join(bundleDir, 'main.mjs'));
  const inputs = readInputs(join(bundleDir, BUNDLE_INPUTS_FILE));
  if (builtAt === undefined || inputs === undefined) return false;
  for (const path of inputs) {
    const changedAt = modifiedTime(join(repoDir, path));
    if (changedAt === undefined || changedAt > builtAt) return false;
  }
  return true;
}

function readInputs(path: string): string[] | undefined {
  try {
    const inputs: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return Array.isArray(inputs) && inputs.every((input) => typeof input === 'string') ? inputs : undefined;
  } catch {
    return undefined; // no list (an older build, or none): the bundle cannot be vouched for
  }
}

function modifiedTime(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}
