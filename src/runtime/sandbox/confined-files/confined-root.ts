import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** A directory the editor may work in. */
export interface ConfinedRoot {
  /** The path as configured, used to show paths to the model. */
  path: string;
  /** Spellings of the same directory a model may use: as configured and with links resolved. */
  aliases: readonly string[];
  writable: boolean;
}

/**
 * The workspace (writable) and the read-only roots, in that order, so a path in both is writable.
 * Root paths come from the runtime, not the agent, so links in them are trusted and resolved here.
 */
export async function confinedRoots(
  workspaceDir: string,
  readOnlyRoots: readonly string[] = [],
): Promise<ConfinedRoot[]> {
  const root = async (path: string, writable: boolean): Promise<ConfinedRoot> => {
    const configured = resolve(path);
    const real = await realpath(configured).catch(() => configured);
    return { path: configured, aliases: real === configured ? [configured] : [configured, real], writable };
  };
  return Promise.all([root(workspaceDir, true), ...readOnlyRoots.map((path) => root(path, false))]);
}

/** The root a normalised absolute path lies in, lexically, and the names below it; undefined when outside all. */
export function locateInRoots(
  roots: readonly ConfinedRoot[],
  absolutePath: string,
): { root: ConfinedRoot; names: string[] } | undefined {
  for (const root of roots) {
    for (const alias of root.aliases) {
      const fromRoot = relative(alias, absolutePath);
      if (fromRoot === '') return { root, names: [] };
      if (isAbsolute(fromRoot) || fromRoot === '..' || fromRoot.startsWith(`..${sep}`)) continue;
      return { root, names: fromRoot.split(sep).filter((name) => name !== '' && name !== '.') };
    }
  }
  return undefined;
}
