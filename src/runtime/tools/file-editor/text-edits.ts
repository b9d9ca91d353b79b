/** Pure edits of file text for the editor. Lines are 1-based, as the model sees them in `view`. */

export type EditResult =
  | { ok: true; content: string; firstLine: number; lastLine: number }
  | { ok: false; error: string };

/** Replaces the single occurrence of `oldText`; zero or several occurrences are errors that say where. */
export function replaceUnique(content: string, oldText: string, newText: string, path: string): EditResult {
  const positions: number[] = [];
  for (let index = content.indexOf(oldText); index >= 0; index = content.indexOf(oldText, index + 1)) {
    positions.push(index);
  }
  const first = positions[0];
  if (first === undefined) {
    return {
      ok: false,
      error: `No change: old_str was not found in ${path}. It must match the file exactly, including whitespace and indentation; view the file and copy the text.`,
    };
  }
  if (positions.length > 1) {
    const lines = positions.map((position) => lineAt(content, position)).join(', ');
    return {
      ok: false,
      error: `No change: old_str occurs ${positions.length} times in ${path}, at lines ${lines}. Include more surrounding lines so it matches exactly once.`,
    };
  }
  if (oldText === newText) return { ok: false, error: 'No change: old_str and new_str are the same.' };
  const firstLine = lineAt(content, first);
  return {
    ok: true,
    content: content.slice(0, first) + newText + content.slice(first + oldText.length),
    firstLine,
    lastLine: firstLine + Math.max(0, countNewlines(newText) - (newText.endsWith('\n') ? 1 : 0)),
  };
}

/** Inserts `text` after line `afterLine` (0: at the top). */
export function insertAfterLine(content: string, afterLine: number, text: string, path: string): EditResult {
  const endsWithNewline = content.endsWith('\n');
  const lines = content === '' ? [] : (endsWithNewline ? content.slice(0, -1) : content).split('\n');
  if (afterLine > lines.length) {
    return {
      ok: false,
      error: `insert_line ${afterLine} is past the end of ${path}, which has ${lines.length} lines. Use a number from 0 to ${lines.length}.`,
    };
  }
  const inserted = (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  const joined = [...lines.slice(0, afterLine), ...inserted, ...lines.slice(afterLine)].join('\n');
  const keepNewline = endsWithNewline || (lines.length === 0 && text.endsWith('\n'));
  return {
    ok: true,
    content: keepNewline ? `${joined}\n` : joined,
    firstLine: afterLine + 1,
    lastLine: afterLine + inserted.length,
  };
}

/** `cat -n` style: right-aligned line number, a tab, the line. `firstLine` numbers the first line given. */
export function numberLines(lines: readonly string[], firstLine: number): string {
  return lines.map((line, offset) => `${String(firstLine + offset).padStart(6)}\t${line}`).join('\n');
}

/** The changed lines with a few lines of context, numbered, so the model can check its edit. */
export function editSnippet(content: string, firstLine: number, lastLine: number, context = 4): string {
  const lines = splitLines(content);
  const start = Math.max(1, firstLine - context);
  const end = Math.min(lines.length, lastLine + context);
  return numberLines(lines.slice(start - 1, end), start);
}

/** Lines of a text; a final newline does not start another line. */
export function splitLines(content: string): string[] {
  if (content === '') return [];
  return (content.endsWith('\n') ? content.slice(0, -1) : content).split('\n');
}

function lineAt(content: string, index: number): number {
  return countNewlines(content.slice(0, index)) + 1;
}

function countNewlines(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) count++;
  return count;
}
