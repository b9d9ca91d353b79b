import { dirname, posix } from 'node:path';
import type { ProjectFile } from './project-files';
import { readImports } from './read-imports';

/** An import between two project files. */
export interface ImportEdge {
  from: string;
  to: string;
  specifier: string;
  line: number;
  typeOnly: boolean;
}

/** The extensions a relative specifier may leave out, in the order the bundler and tsx try them. */
const IMPLIED = ['.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.mjs'];

/**
 * The project file a relative specifier names, as the code resolves it: `./x.js` is `./x.ts` (or
 * `.tsx`), no extension tries each, a folder means its index. Packages and missing files give
 * undefined.
 */
export function resolveSpecifier(
  from: string,
  specifier: string,
  files: ReadonlySet<string>,
): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const target = posix.normalize(posix.join(dirname(from), specifier));
  const candidates = [target];
  if (target.endsWith('.js')) candidates.push(`${target.slice(0, -3)}.ts`, `${target.slice(0, -3)}.tsx`);
  if (target.endsWith('.mjs')) candidates.push(`${target.slice(0, -4)}.mts`);
  candidates.push(...IMPLIED.map((extension) => target + extension));
  return candidates.find((candidate) => files.has(candidate));
}

/** Every import from one project file to another, in file order. */
export function buildImportGraph(files: ProjectFile[]): ImportEdge[] {
  const paths = new Set(files.map((file) => file.path));
  return files.flatMap((file) =>
    readImports(file.path, file.text).flatMap((entry) => {
      const to = resolveSpecifier(file.path, entry.specifier, paths);
      return to ? [{ from: file.path, to, ...entry }] : [];
    }),
  );
}
