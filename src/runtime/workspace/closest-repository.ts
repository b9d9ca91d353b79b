import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The nearest folder from `start` upwards holding `.git` (a folder, or a file as in worktrees). */
export function closestRepository(start: string): string | undefined {
  let current = start;
  for (;;) {
    if (existsSync(join(current, '.git'))) return current;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}
