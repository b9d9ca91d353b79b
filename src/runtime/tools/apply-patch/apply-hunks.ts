import type { Hunk } from './patch-operation';

export type AppliedHunks = { ok: true; content: string } | { ok: false; error: string };

/** Looser and looser ways to compare a patch line with a file line, as models retype whitespace. */
const COMPARISONS: ReadonlyArray<(line: string) => string> = [
  (line) => line,
  (line) => line.trimEnd(),
  (line) => line.trim(),
];

/** Lines of the expected text shown when a hunk does not apply. */
const SHOWN_LINES = 12;

/**
 * Applies hunks in order to a file's text: each one's kept and removed lines must appear in the
 * file after the previous hunk (exactly, else ignoring trailing then all surrounding whitespace),
 * nearest the line a unified diff names, after its `@@` anchor line, at the very end for
 * `*** End of File`. Line endings (LF or CRLF) and the final newline are kept. The error names
 * the hunk and the file and shows the lines that were not found.
 */
export function applyHunks(content: string, hunks: readonly Hunk[], path: string): AppliedHunks {
  const endOfLine = content.includes('\r\n') ? '\r\n' : '\n';
  const lines = content.split(/\r?\n/);
  const finalNewline = lines.at(-1) === '';
  if (finalNewline) lines.pop();
  const output: string[] = [];
  let cursor = 0;
  for (const hunk of hunks) {
    let from = cursor;
    if (hunk.anchor !== undefined) {
      const anchor = findAnchor(lines, hunk.anchor, from);
      if (anchor < 0)
        return fail(
          hunk,
          path,
          `the line it follows, ${JSON.stringify(hunk.anchor)}, is not in the file after the previous hunk`,
        );
      from = anchor + 1;
    }
    const expected = hunk.lines.filter((line) => line.kind !== '+').map((line) => line.text);
    const replacement = hunk.lines.filter((line) => line.kind !== '-').map((line) => line.text);
    const start = locate(lines, expected, from, hunk);
    if (start < 0) return fail(hunk, path, notFound(expected));
    output.push(...lines.slice(cursor, start), ...replacement);
    cursor = start + expected.length;
  }
  output.push(...lines.slice(cursor));
  const text = output.join(endOfLine);
  const endsWithNewline = finalNewline || (content === '' && output.length > 0);
  return { ok: true, content: endsWithNewline && output.length > 0 ? `${text}${endOfLine}` : text };
}

function findAnchor(lines: readonly string[], anchor: string, from: number): number {
  for (const compare of COMPARISONS) {
    const wanted = compare(anchor);
    for (let index = from; index < lines.length; index++)
      if (compare(lines[index] ?? '') === wanted) return index;
  }
  return -1;
}

/** Where the expected lines start, or -1. A pure insertion goes where the hunk says, else at `from`. */
function locate(lines: readonly string[], expected: readonly string[], from: number, hunk: Hunk): number {
  const hint = hunk.oldStart === undefined ? undefined : Math.max(hunk.oldStart - 1, from);
  if (expected.length === 0) {
    if (hunk.atEndOfFile) return lines.length;
    return Math.min(hint ?? from, lines.length);
  }
  for (const compare of COMPARISONS) {
    const wanted = expected.map(compare);
    const matches = (start: number) =>
      wanted.every((line, offset) => compare(lines[start + offset] ?? '') === line);
    if (hunk.atEndOfFile) {
      const start = lines.length - expected.length;
      if (start >= from && matches(start)) return start;
      continue;
    }
    let best = -1;
    for (let start = from; start + expected.length <= lines.length; start++) {
      if (!matches(start)) continue;
      if (hint === undefined) return start;
      if (best < 0 || Math.abs(start - hint) < Math.abs(best - hint)) best = start;
      if (start > hint) break;
    }
    if (best >= 0) return best;
  }
  return -1;
}

function notFound(expected: readonly string[]): string {
  const shown = expected.slice(0, SHOWN_LINES).map((line) => `  ${line}`);
  const more = expected.length > SHOWN_LINES ? [`  … ${expected.length - SHOWN_LINES} more lines`] : [];
  return `its context and removed lines are not in the file (after the previous hunk):\n${[...shown, ...more].join('\n')}`;
}

function fail(hunk: Hunk, path: string, why: string): AppliedHunks {
  return {
    ok: false,
    error: `Hunk ${hunk.number} of ${path} did not apply: ${why}\nNothing was changed. View the file and copy the context lines exactly.`,
  };
}
