import { memo, useMemo } from 'react';
import { DiffLinesView } from '../changes/diff-lines-view';
import { lineDiff } from '../components/line-diff';

const MAX_LINES = 400;

/** A unified line diff, numbered on both sides; very long diffs are cut with a note. */
export const FileDiff = memo(function FileDiff({ oldText, newText }: { oldText: string; newText: string }) {
  const diff = useMemo(() => lineDiff(oldText, newText), [oldText, newText]);
  if (diff.lines.length === 0) return <p className="card-note">No changes.</p>;
  return (
    <DiffLinesView
      lines={diff.lines}
      maxLines={MAX_LINES}
      summary={`${diff.added} lines added, ${diff.removed} removed`}
    />
  );
});

export function DiffStat({ oldText, newText }: { oldText: string; newText: string }) {
  const diff = useMemo(() => lineDiff(oldText, newText), [oldText, newText]);
  return (
    <span className="diff-stat">
      <span className="diff-stat__added">+{diff.added}</span>{' '}
      <span className="diff-stat__removed">−{diff.removed}</span>
    </span>
  );
}
