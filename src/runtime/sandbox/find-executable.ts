import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The first executable called `name` on PATH, or undefined. */
export function findExecutable(name: string, pathVariable: string | undefined): string | undefined {
  for (const directory of (pathVariable ?? '').split(delimiter)) {
    if (directory === '') continue;
    const candidate = join(directory, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; try the next PATH entry
    }
  }
  return undefined;
}
