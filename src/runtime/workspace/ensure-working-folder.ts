import { mkdir, realpath, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { RuntimeError } from '../errors/runtime-error';
import type { ForbiddenPaths } from './forbidden-paths';

/**
 * The absolute working folder of a new conversation. An existing folder is taken as it is (the
 * person chose it). A missing one is refused unless `createMissing` (an upstream client's request:
 * upstream's agent server makes the Agent Canvas's `~/workspace/project/<id>`; in our own page a
 * missing folder is a typo, not a wish). Then it is made with its parents, but never where the
 * sandbox hides things: the target
 * is checked on the real path of its nearest existing parent (a link planted on the way is
 * followed before the check), and again after it is made, in case a link appeared in between.
 * Throws RuntimeError invalid_workspace (a file in the way, or no folder could be made) or
 * workspace_forbidden.
 */
export async function ensureWorkingFolder(
  path: string,
  base: string,
  forbidden: () => Promise<ForbiddenPaths>,
  createMissing: boolean,
): Promise<string> {
  const absolute = resolve(base, path);
  const existing = await stat(absolute).catch(() => undefined);
  if (existing?.isDirectory()) return absolute;
  if (existing) throw notAFolder(absolute);
  if (!createMissing)
    throw new RuntimeError('invalid_workspace', `The workspace folder ${absolute} does not exist`);
  const paths = await forbidden();
  const target = await realTarget(absolute);
  if (paths.covers(target) || paths.covers(absolute)) throw refused(absolute);
  await mkdir(target, { recursive: true }).catch(() => {
    throw notAFolder(absolute);
  });
  const made = await realpath(absolute).catch(() => undefined);
  if (made === undefined || paths.covers(made)) throw refused(absolute);
  return absolute;
}

/** The path as it will be made: the real path of its nearest existing parent plus the missing rest. */
export async function realTarget(absolute: string): Promise<string> {
  let parent = dirname(absolute);
  for (;;) {
    const real = await realpath(parent).catch(() => undefined);
    if (real !== undefined) return join(real, relative(parent, absolute));
    const up = dirname(parent);
    // The root always exists; this only guards against a loop on a strange path.
    if (up === parent) return absolute;
    parent = up;
  }
}

function notAFolder(absolute: string): RuntimeError {
  return new RuntimeError(
    'invalid_workspace',
    `The workspace folder ${absolute} is not a directory and cannot be made (a file is in the way)`,
  );
}

function refused(absolute: string): RuntimeError {
  return new RuntimeError(
    'workspace_forbidden',
    `The workspace folder ${absolute} is not made: it lies in the data dir, a credential folder, sandbox.deny_paths, /proc or /sys`,
  );
}
