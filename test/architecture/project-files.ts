import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A checked file: its path from the repository root (POSIX separators) and its text. */
export interface ProjectFile {
  path: string;
  text: string;
}

/** The folders whose code the house rules cover. */
export const CHECKED_FOLDERS = ['src', 'scripts', 'test', 'e2e', 'bin'];

const CHECKED_EXTENSION = /\.(ts|tsx|mjs)$/;

/**
 * Tracked files no person writes, so no house rule applies to them. Each is rewritten whole by its
 * generator, and `npm run gen:check` keeps it current.
 */
export const GENERATED_FILES = new Set([
  // openapi-typescript's client types from openapi.json (scripts/gen-api.ts, `npm run gen`).
  'src/client/schema.d.ts',
  // The automation service's client types from openapi.automation.json (the same generator).
  'src/client/automation-schema.d.ts',
]);

/**
 * Every tracked .ts/.tsx/.mjs file of the checked folders, read from the work tree. `git ls-files`
 * keeps ignored and untracked files (build output, test leftovers) out.
 */
export function readProjectFiles(repoRoot: string): ProjectFile[] {
  const listing = execFileSync('git', ['ls-files', '-z', '--', ...CHECKED_FOLDERS], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listing
    .split('\0')
    .filter((path) => CHECKED_EXTENSION.test(path) && !GENERATED_FILES.has(path))
    .map((path) => ({ path, text: readFileSync(join(repoRoot, path), 'utf8') }));
}
