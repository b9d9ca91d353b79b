import { readdir } from 'node:fs/promises';
import { isAbsolute, join, normalize } from 'node:path';
import { confinedRoots } from '../sandbox/confined-files/confined-root';
import { withConfinedPath } from '../sandbox/confined-files/confined-path';
import { procPath } from '../sandbox/confined-files/pinned-directory';
import { readTextFile } from '../sandbox/confined-files/read-text-file';

/**
 * Reads of the agent's workspace by the runtime itself (skills, AGENTS.md), with the file editor's
 * confinement: every component opened without following links, a link followed only when its target
 * stays inside `root`. The workspace is the agent's: an `AGENTS.md` linked to ~/.ssh/id_rsa or to the
 * data dir's settings.json must read as missing, never as the file it points to.
 */

/** The text of `relativePath` under `root`, or undefined when missing, outside, not text or too big. */
export async function readConfinedText(
  root: string,
  relativePath: string,
  maxBytes: number,
): Promise<string | undefined> {
  const path = below(root, relativePath);
  if (!path) return undefined;
  const result = await withConfinedPath(
    await confinedRoots(root),
    path,
    { write: false, createParents: false },
    async (target) => {
      if (!target.handle) return undefined;
      const read = await readTextFile(target.handle, target.path, maxBytes, 'read');
      return read.ok ? read.content : undefined;
    },
  ).catch(() => undefined);
  return result?.ok ? result.value : undefined;
}

/** Names in the directory `relativePath` under `root` with their kind; empty when it is not one. */
export async function listConfinedDirectory(
  root: string,
  relativePath: string,
): Promise<{ name: string; directory: boolean }[]> {
  const path = below(root, relativePath);
  if (!path) return [];
  const result = await withConfinedPath(
    await confinedRoots(root),
    path,
    { write: false, createParents: false },
    async (target) => {
      if (!target.handle || !(await target.handle.stat()).isDirectory()) return [];
      const entries = await readdir(procPath({ handle: target.handle, path: target.path }), {
        withFileTypes: true,
      });
      // A link is listed as a directory only if it is one; reading through it is confined again.
      return entries.map((entry) => ({
        name: entry.name,
        directory: entry.isDirectory() || entry.isSymbolicLink(),
      }));
    },
  ).catch(() => undefined);
  return result?.ok ? result.value : [];
}

function below(root: string, relativePath: string): string | undefined {
  if (isAbsolute(relativePath)) return undefined;
  const path = normalize(join(root, relativePath));
  return path === root || path.startsWith(`${normalize(root)}/`) ? path : undefined;
}
