import { structuredPatch } from 'diff';

export type DiffLine =
  | { type: 'add' | 'remove' | 'context'; oldNumber?: number; newNumber?: number; text: string }
  | { type: 'gap'; hidden: number };

export interface LineDiff {
  lines: DiffLine[];
  added: number;
  removed: number;
}

/**
 * A line diff with `context` unchanged lines around each change and a gap marker for the lines
 * skipped between hunks, numbered on both sides like a code review.
 */
export function lineDiff(oldText: string, newText: string, context = 3): LineDiff {
  return linesOfHunks(structuredPatch('a', 'b', oldText, newText, undefined, undefined, { context }).hunks);
}

/** A hunk as jsdiff gives it, from its own diff or from parsing git's unified diff. */
export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  lines: readonly string[];
}

/** The numbered lines of a patch's hunks, with a gap marker for the unchanged lines between them. */
export function linesOfHunks(hunks: readonly DiffHunk[]): LineDiff {
  const lines: DiffLine[] = [];
  let added = 0;
  let removed = 0;
  let previousOldEnd = 1;
  for (const hunk of hunks) {
    const skipped = hunk.oldStart - previousOldEnd;
    if (skipped > 0) lines.push({ type: 'gap', hidden: skipped });
    let oldNumber = hunk.oldStart;
    let newNumber = hunk.newStart;
    for (const raw of hunk.lines) {
      const marker = raw[0];
      const text = raw.slice(1);
      if (marker === '+') {
        lines.push({ type: 'add', newNumber: newNumber++, text });
        added++;
      } else if (marker === '-') {
        lines.push({ type: 'remove', oldNumber: oldNumber++, text });
        removed++;
      } else if (marker === ' ') {
        lines.push({ type: 'context', oldNumber: oldNumber++, newNumber: newNumber++, text });
      }
      // '\' lines ("No newline at end of file") carry no content to show.
    }
    // A hunk that only adds (`-3,0`) sits after its old line: the next unchanged line is the one after.
    previousOldEnd = hunk.oldStart + Math.max(hunk.oldLines, 1);
  }
  return { lines, added, removed };
}
