import { compilePathGlob, type PathGlob } from './path-glob';

interface IgnoreRule {
  /** The folder of the .gitignore, relative to the walk's root ('' for the root itself). */
  base: string;
  negated: boolean;
  directoryOnly: boolean;
  glob: PathGlob;
}

/**
 * The .gitignore rules met on the way down, innermost last. Immutable: `with` returns a new set, so
 * a folder's rules never leak to its siblings.
 */
export interface IgnoreRules {
  /** Adds the rules of a .gitignore found in `base` (relative to the walk's root). */
  with(base: string, gitignoreText: string): IgnoreRules;
  /** As git decides: the last rule that matches wins, and `!` takes a path back. */
  ignores(relativePath: string, isDirectory: boolean): boolean;
}

export function createIgnoreRules(rules: readonly IgnoreRule[] = []): IgnoreRules {
  return {
    with(base, gitignoreText) {
      const added = parseGitignore(base, gitignoreText);
      return added.length === 0 ? this : createIgnoreRules([...rules, ...added]);
    },
    ignores(relativePath, isDirectory) {
      for (let index = rules.length - 1; index >= 0; index--) {
        const rule = rules[index] as IgnoreRule;
        if (rule.directoryOnly && !isDirectory) continue;
        const below = rule.base === '' ? relativePath : stripBase(relativePath, rule.base);
        if (below === undefined || !rule.glob.matches(below)) continue;
        return !rule.negated;
      }
      return false;
    },
  };
}

function stripBase(path: string, base: string): string | undefined {
  return path.startsWith(`${base}/`) ? path.slice(base.length + 1) : undefined;
}

function parseGitignore(base: string, text: string): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    // Trailing spaces are dropped unless escaped; a line starting with # is a comment.
    let line = rawLine.replace(/(?<!\\)\s+$/, '');
    if (line === '' || line.startsWith('#')) continue;
    const negated = line.startsWith('!');
    if (negated) line = line.slice(1);
    if (line.startsWith('\\#') || line.startsWith('\\!')) line = line.slice(1);
    const directoryOnly = line.endsWith('/');
    if (directoryOnly) line = line.slice(0, -1);
    if (line === '') continue;
    // compilePathGlob reads a slash anywhere but the end as anchoring to the .gitignore's folder, as git does.
    const glob = compilePathGlob(line);
    // A rule git itself could not read matches nothing rather than failing the search.
    if (glob !== undefined) rules.push({ base, negated, directoryOnly, glob });
  }
  return rules;
}
