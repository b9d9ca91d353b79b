/** Compiled globs, kept because the same few hundred rules are checked for every action. */
const cache = new Map<string, RegExp>();
const CACHE_LIMIT = 5_000;

/**
 * A RegExp for an absolute path glob: `**` any number of segments (also none: `src/**` matches `src`),
 * `*` any characters within one segment, `?` one character other than `/`. Everything else is literal.
 */
export function globToRegExp(glob: string): RegExp {
  const cached = cache.get(glob);
  if (cached) return cached;
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const character = glob[index] ?? '';
    if (glob.startsWith('/**/', index)) {
      source += '(?:/.*)?/';
      index += 3;
    } else if (glob.startsWith('/**', index) && index + 3 === glob.length) {
      source += '(?:/.*)?';
      index += 2;
    } else if (glob.startsWith('**', index)) {
      source += '.*';
      index += 1;
    } else if (character === '*') source += '[^/]*';
    else if (character === '?') source += '[^/]';
    else source += character.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  const pattern = new RegExp(`^${source}$`);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(glob, pattern);
  return pattern;
}
