import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The version in the repository's package.json (the runtime and the launcher report the same one).
 * The file is found by walking up, because this module runs from two depths: its source folder
 * (src/server/process/) and the runtime bundle (dist/runtime/).
 */
export function readVersion(): string {
  const path = findPackageJson(dirname(fileURLToPath(import.meta.url)));
  if (path === undefined) return '0.0.0';
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (parsed && typeof parsed === 'object' && 'version' in parsed && typeof parsed.version === 'string') {
    return parsed.version;
  }
  return '0.0.0';
}

function findPackageJson(start: string): string | undefined {
  for (let folder = start; ; folder = dirname(folder)) {
    const candidate = join(folder, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(folder) === folder) return undefined;
  }
}
