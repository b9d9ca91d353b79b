import { memo, useMemo } from 'react';
import { lineDiff } from './line-diff';

const MAX_LINES = 400;

/** A unified line diff, numbered on both sides; very long diffs are cut with a note. */
export const FileDiff = memo(function FileDiff({ oldText, newText }: { oldText: string; newText: string }) {
  const diff = useMemo(() => lineDiff(oldText, newText), [oldText, newText]);
  const shown = diff.lines.slice(0, MAX_LINES);
  if (diff.lines.length === 0) return <p className="card-note">No changes.</p>;
  return (
    <div className="diff">
      <span className="visually-hidden">{`${diff.added} lines added, ${diff.removed} removed`}</span>
      {shown.map((line, index) =>
        line.type === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: diff lines have no identity beyond their position
          <div key={index} className="diff__gap">
            ⋯ {line.hidden} unchanged line{line.hidden === 1 ? '' : 's'}
          </div>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className={`diff__line diff__line--${line.type}`}>
            <span className="diff__number">{line.oldNumber ?? ''}</span>
            <span className="diff__number">{line.newNumber ?? ''}</span>
            <span className="diff__marker">
              {line.type === 'add' ? '+' : line.type === 'remove' ? '−' : ' '}
            </span>
            <span className="diff__text">{line.text}</span>
          </div>
        ),
      )}
      {diff.lines.length > MAX_LINES ? (
        <div className="diff__gap">… {diff.lines.length - MAX_LINES} more diff lines not shown</div>
      ) : null}
    </div>
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
