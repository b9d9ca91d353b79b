/** A line longer than this is shown cut: one minified file must not fill the whole answer. */
const MAX_LINE_CHARACTERS = 500;

/**
 * The lines of `text` the expression matches, ripgrep style: `path:12:text` for a match,
 * `path-11-text` for a context line, `--` between groups that do not touch. Empty when nothing
 * matches. The expression must not be global (each line is tested on its own).
 */
export function matchingLines(
  path: string,
  text: string,
  expression: RegExp,
  contextLines: number,
): string[] {
  // One test over the whole text first: most files do not match, and splitting them would cost more.
  if (!expression.test(text)) return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const matched: number[] = [];
  lines.forEach((line, index) => {
    if (expression.test(line)) matched.push(index);
  });
  const isMatch = new Set(matched);
  const output: string[] = [];
  let shownUntil = -1;
  for (const index of matched) {
    const first = Math.max(index - contextLines, shownUntil + 1);
    if (shownUntil >= 0 && first > shownUntil + 1 && contextLines > 0) output.push('--');
    const last = Math.min(index + contextLines, lines.length - 1);
    for (let lineIndex = first; lineIndex <= last; lineIndex++) {
      const separator = isMatch.has(lineIndex) ? ':' : '-';
      output.push(`${path}${separator}${lineIndex + 1}${separator}${cutLine(lines[lineIndex] ?? '')}`);
    }
    shownUntil = Math.max(shownUntil, last);
  }
  return output;
}

function cutLine(line: string): string {
  if (line.length <= MAX_LINE_CHARACTERS) return line;
  return `${line.slice(0, MAX_LINE_CHARACTERS)} [… ${line.length - MAX_LINE_CHARACTERS} more characters]`;
}
