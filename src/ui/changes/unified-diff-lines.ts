import { parsePatch } from 'diff';
import type { DiffLine } from '../conversation/line-diff';

/**
 * The lines of a unified diff (git's `---`/`+++` and hunks) as the diff view shows them: numbered on
 * both sides, with a gap marker for the unchanged lines between hunks.
 */
export function unifiedDiffLines(unified: string): DiffLine[] {
  const lines: DiffLine[] = [];
  if (unified.trim() === '') return lines;
  const [patch] = parsePatch(unified);
  let previousOldEnd = 1;
  for (const hunk of patch?.hunks ?? []) {
    const skipped = hunk.oldStart - previousOldEnd;
    if (skipped > 0) lines.push({ type: 'gap', hidden: skipped });
    let oldNumber = hunk.oldStart;
    let newNumber = hunk.newStart;
    for (const raw of hunk.lines) {
      const marker = raw[0];
      const text = raw.slice(1);
      if (marker === '+') lines.push({ type: 'add', newNumber: newNumber++, text });
      else if (marker === '-') lines.push({ type: 'remove', oldNumber: oldNumber++, text });
      else if (marker === ' ')
        lines.push({ type: 'context', oldNumber: oldNumber++, newNumber: newNumber++, text });
    }
    previousOldEnd = hunk.oldStart + Math.max(hunk.oldLines, 1);
  }
  return lines;
}
