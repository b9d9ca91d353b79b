/** A compiled glob over paths relative to the searched directory, `/`-separated. */
export interface PathGlob {
  /** True when the path (or, for a pattern without `/`, its last name) matches. */
  matches(relativePath: string): boolean;
}

/**
 * Compiles a glob the way ripgrep's `-g` and .gitignore read one: a pattern without `/` matches a
 * name at any depth (`*.ts`), one with `/` matches the whole path from the searched directory
 * (`src/**\/*.ts`, a leading `/` only anchors). `**` spans folders, `*` and `?` stay within one name,
 * `[a-z]`/`[!a-z]` are classes, `{ts,tsx}` alternatives, `\` escapes. Returns undefined for a pattern
 * it cannot read (an unclosed brace or class), so the caller can say so instead of matching nothing.
 */
export function compilePathGlob(pattern: string): PathGlob | undefined {
  const trimmed = pattern.startsWith('/') ? pattern.slice(1) : pattern;
  const byName = !pattern.includes('/');
  const source = globSource(trimmed);
  if (source === undefined) return undefined;
  const expression = new RegExp(`^${source}$`, 'u');
  return {
    matches(relativePath) {
      const subject = byName ? relativePath.slice(relativePath.lastIndexOf('/') + 1) : relativePath;
      return expression.test(subject);
    },
  };
}

function globSource(glob: string): string | undefined {
  let source = '';
  let braceDepth = 0;
  for (let index = 0; index < glob.length; index++) {
    const character = glob[index] ?? '';
    if (character === '\\') {
      const next = glob[index + 1];
      if (next === undefined) return undefined;
      source += escapeLiteral(next);
      index++;
    } else if (glob.startsWith('**/', index) && (index === 0 || glob[index - 1] === '/')) {
      source += '(?:[^/]*(?:/[^/]*)*/)?';
      index += 2;
    } else if (
      glob.startsWith('**', index) &&
      index + 2 === glob.length &&
      (index === 0 || glob[index - 1] === '/')
    ) {
      source += '.*';
      index++;
    } else if (character === '*') source += '[^/]*';
    else if (character === '?') source += '[^/]';
    else if (character === '[') {
      const end = classEnd(glob, index);
      if (end === undefined) return undefined;
      source += classSource(glob.slice(index + 1, end));
      index = end;
    } else if (character === '{') {
      braceDepth++;
      source += '(?:';
    } else if (character === '}' && braceDepth > 0) {
      braceDepth--;
      source += ')';
    } else if (character === ',' && braceDepth > 0) source += '|';
    else source += escapeLiteral(character);
  }
  return braceDepth === 0 ? source : undefined;
}

/** Index of the `]` closing the class opened at `start`; a `]` right after `[` or `[!` is literal. */
function classEnd(glob: string, start: number): number | undefined {
  let index = start + 1;
  if (glob[index] === '!' || glob[index] === '^') index++;
  if (glob[index] === ']') index++;
  const end = glob.indexOf(']', index);
  return end < 0 ? undefined : end;
}

function classSource(body: string): string {
  const negated = body.startsWith('!') || body.startsWith('^');
  const members = (negated ? body.slice(1) : body).replace(/[\\\]^[]/g, '\\$&');
  // A class never matches the separator, as in a shell.
  return negated ? `[^/${members}]` : `(?!/)[${members}]`;
}

function escapeLiteral(character: string): string {
  return character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
