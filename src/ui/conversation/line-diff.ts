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
  const patch = structuredPatch('a', 'b', oldText, newText, undefined, undefined, { context });
  const lines: DiffLine[] = [];
  let added = 0;
  let removed = 0;
  let previousOldEnd = 1;
  for (const hunk of patch.hunks) {
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
    previousOldEnd = hunk.oldStart + hunk.oldLines;
  }
  return { lines, added, removed };
}
