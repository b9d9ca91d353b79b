import { isAbsolute, join, relative, sep } from 'node:path';

/**
 * Tool managers under the home directory whose PATH entry (a `bin` or `shims` folder) only works
 * with the rest of the manager's tree: pyenv shims call `pyenv`, which reads its versions; cargo's
 * binaries are rustup proxies that need ~/.rustup.
 */
const WHOLE_TREE: Record<string, string[]> = {
  '.pyenv': ['.pyenv'],
  '.rbenv': ['.rbenv'],
  '.nvm': ['.nvm'],
  '.nodenv': ['.nodenv'],
  '.volta': ['.volta'],
  '.fnm': ['.fnm'],
  '.asdf': ['.asdf'],
  '.bun': ['.bun'],
  '.deno': ['.deno'],
  '.sdkman': ['.sdkman'],
  '.goenv': ['.goenv'],
  '.cargo': ['.cargo', '.rustup'],
  '.rustup': ['.rustup'],
};

/**
 * The directories to bind read-only so that the commands on `pathDirectories` run in the sandbox:
 * an entry under the home directory becomes its tool manager's tree (see WHOLE_TREE) or just itself;
 * an entry elsewhere becomes itself. Entries already `covered` (bound anyway, like /usr) are dropped.
 */
export function toolchainRoots(
  pathDirectories: readonly string[],
  homeDir: string | undefined,
  covered: readonly string[],
): string[] {
  const roots: string[] = [];
  for (const directory of pathDirectories) {
    if (!isAbsolute(directory) || directory === '/') continue;
    for (const root of rootsFor(directory, homeDir)) {
      if (covered.some((outer) => isInside(root, outer))) continue;
      if (!roots.includes(root)) roots.push(root);
    }
  }
  return roots;
}

function rootsFor(directory: string, homeDir: string | undefined): string[] {
  if (homeDir === undefined || !isInside(directory, homeDir) || directory === homeDir) return [directory];
  const first = relative(homeDir, directory).split(sep)[0] ?? '';
  const tree = WHOLE_TREE[first];
  return tree === undefined ? [directory] : tree.map((name) => join(homeDir, name));
}

/** True when `path` is `outer` or lies below it (both absolute and normalised). */
export function isInside(path: string, outer: string): boolean {
  if (outer === '/') return true;
  return path === outer || path.startsWith(`${outer}/`);
}
