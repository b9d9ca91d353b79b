import { parsePatch } from 'diff';
import { type DiffLine, linesOfHunks } from '../components/line-diff';

/**
 * The lines of a unified diff (git's `---`/`+++` and hunks) as the diff view shows them: numbered on
 * both sides, with a gap marker for the unchanged lines between hunks.
 */
export function unifiedDiffLines(unified: string): DiffLine[] {
  if (unified.trim() === '') return [];
  const [patch] = parsePatch(unified);
  return linesOfHunks(patch?.hunks ?? []).lines;
}
