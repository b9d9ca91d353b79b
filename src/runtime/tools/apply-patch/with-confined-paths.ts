import {
  type ConfinedOptions,
  type ConfinedTarget,
  type ConfinementFailure,
  withConfinedPath,
} from '../../sandbox/confined-files/confined-path';
import type { ConfinedRoot } from '../../sandbox/confined-files/confined-root';

export interface ConfinedRequest {
  path: string;
  options: ConfinedOptions;
}

/**
 * `withConfinedPath` for several paths at once: every one resolved and held open (nested walks)
 * while `use` runs, so a change to many files sees each of them pinned from the first write to the
 * last. The first refusal ends it, naming the path. Handles are closed afterwards: do not keep them.
 */
export async function withConfinedPaths<T>(
  roots: readonly ConfinedRoot[],
  requests: readonly ConfinedRequest[],
  use: (targets: ConfinedTarget[]) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; failure: ConfinementFailure; path: string }> {
  const resolved: ConfinedTarget[] = [];
  const next = async (
    index: number,
  ): Promise<{ ok: true; value: T } | { ok: false; failure: ConfinementFailure; path: string }> => {
    const request = requests[index];
    if (request === undefined) return { ok: true, value: await use([...resolved]) };
    let inner: { ok: true; value: T } | { ok: false; failure: ConfinementFailure; path: string } | undefined;
    const result = await withConfinedPath(roots, request.path, request.options, async (target) => {
      resolved.push(target);
      inner = await next(index + 1);
      resolved.pop();
    });
    if (!result.ok) return { ok: false, failure: result.failure, path: request.path };
    return inner as { ok: true; value: T } | { ok: false; failure: ConfinementFailure; path: string };
  };
  return next(0);
}
