import { setFlagsFromString } from 'node:v8';

// The `l` flag (V8's linear-time engine) must be enabled before the first pattern is compiled. The
// second flag lets V8 switch a pattern the linear engine can run over to it once backtracking runs
// away, for every pattern of the process: the results are the same, only the time is bounded.
setFlagsFromString('--enable-experimental-regexp-engine');
setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');

/**
 * Compiles a pattern the model sent so that matching takes time linear in the text, whatever the
 * pattern: the search runs in the runtime's own process, and a backtracking pattern such as `(a+)+$`
 * would stall every conversation. This is ripgrep's own guarantee and its own limit: backreferences
 * and lookaround are refused. A pattern is accepted only if the linear engine can run it; it is then
 * compiled for the usual (much faster) engine, which V8 leaves for the linear one when backtracking
 * runs away. The linear engine has no `i` flag, so case-insensitivity rewrites each letter as a class
 * of both cases. The error names what to change.
 */
export function compileLinearRegExp(
  pattern: string,
  caseInsensitive: boolean,
): { ok: true; expression: RegExp } | { ok: false; error: string } {
  const source = caseInsensitive ? bothCases(pattern) : pattern;
  try {
    // Throws for what the linear engine cannot run; the fallback then always has somewhere to go.
    new RegExp(source, 'lm');
    return { ok: true, expression: new RegExp(source, 'm') };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const linear = reason.includes('linear time')
      ? ' Backreferences (\\1) and lookaround ((?=…), (?<=…)) are not supported, as in ripgrep.'
      : '';
    return { ok: false, error: `The pattern is not a valid regular expression: ${reason}.${linear}` };
  }
}

/** Escapes after which the next characters are not letters to match (\x41, \u00e9, \cA, \k<name>). */
const ESCAPE_LENGTH: Record<string, number> = { x: 3, u: 5, c: 2 };

/** Rewrites every literal letter `a` as `[aA]` (inside a class: both, ranges of letters doubled). */
function bothCases(pattern: string): string {
  let output = '';
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index] ?? '';
    if (character === '\\') {
      const length = ESCAPE_LENGTH[pattern[index + 1] ?? ''] ?? 2;
      output += pattern.slice(index, index + length);
      index += length - 1;
      continue;
    }
    if (!inClass && pattern.startsWith('(?<', index) && /[A-Za-z]/.test(pattern[index + 3] ?? '')) {
      // A named group: its name is not text to match.
      const end = pattern.indexOf('>', index);
      const stop = end < 0 ? pattern.length : end + 1;
      output += pattern.slice(index, stop);
      index = stop - 1;
      continue;
    }
    if (character === '[' && !inClass) {
      inClass = true;
      output += character;
      continue;
    }
    if (character === ']' && inClass) {
      inClass = false;
      output += character;
      continue;
    }
    const lower = character.toLowerCase();
    const upper = character.toUpperCase();
    if (lower === upper) {
      output += character;
      continue;
    }
    if (!inClass) {
      output += `[${lower}${upper}]`;
      continue;
    }
    const end = pattern[index + 2];
    if (pattern[index + 1] === '-' && end !== undefined && end.toLowerCase() !== end.toUpperCase()) {
      // a-f inside a class: keep the range and add the other case's range.
      output += `${lower}-${end.toLowerCase()}${upper}-${end.toUpperCase()}`;
      index += 2;
      continue;
    }
    output += `${lower}${upper}`;
  }
  return output;
}
