import type { FileHandle } from 'node:fs/promises';
import { readTextFile } from '../../sandbox/confined-files/read-text-file';
import { numberLines, splitLines } from './text-edits';

/** A whole-file view reads at most this much; with view_range, larger files are fine. */
export const MAX_VIEW_BYTES = 5 * 1024 * 1024;
const MAX_RANGE_VIEW_BYTES = 64 * 1024 * 1024;
/** What one view shows the model at most; past it, the model is told to ask for a range. */
const MAX_VIEW_CHARACTERS = 30_000;

/** Shows the file open on `handle` (the caller closes it) as `path`, with line numbers. */
export async function viewFile(
  handle: FileHandle,
  path: string,
  range: [number, number] | undefined,
): Promise<{ text: string; isError: boolean }> {
  const read = await readTextFile(
    handle,
    path,
    range === undefined ? MAX_VIEW_BYTES : MAX_RANGE_VIEW_BYTES,
    range === undefined ? 'view it whole' : 'view it',
  );
  if (!read.ok) return { text: read.error, isError: true };
  const lines = splitLines(read.content);
  if (lines.length === 0) return { text: `${path} is empty.`, isError: false };

  const first = range?.[0] ?? 1;
  const requestedLast = range === undefined || range[1] === -1 ? lines.length : range[1];
  if (first < 1 || first > lines.length) {
    return {
      text: `view_range must start between 1 and ${lines.length}, the number of lines in ${path}.`,
      isError: true,
    };
  }
  if (requestedLast < first) {
    return {
      text: 'view_range must end at or after its start (or be -1 for the end of the file).',
      isError: true,
    };
  }
  const last = Math.min(requestedLast, lines.length);

  let shownLast = first - 1;
  let characters = 0;
  for (let line = first; line <= last; line++) {
    characters += (lines[line - 1]?.length ?? 0) + 8;
    if (characters > MAX_VIEW_CHARACTERS && line > first) break;
    shownLast = line;
  }
  const body = numberLines(lines.slice(first - 1, shownLast), first);
  const notes: string[] = [];
  if (shownLast < last) {
    notes.push(`[Showing lines ${first}–${shownLast} of ${lines.length}; use view_range to see the rest.]`);
  } else if (range !== undefined) {
    notes.push(`[Lines ${first}–${shownLast} of ${lines.length}.]`);
  }
  return { text: [body, ...notes].join('\n'), isError: false };
}
