import { memo } from 'react';
import type { DiffLine } from '../components/line-diff';

/** Diff lines numbered on both sides, added and removed lines coloured; very long diffs are cut with a note. */
export const DiffLinesView = memo(function DiffLinesView({
  lines,
  maxLines = 1500,
  className = 'diff',
  summary,
}: {
  lines: readonly DiffLine[];
  maxLines?: number;
  className?: string;
  /** Read by screen readers before the lines, e.g. "3 lines added, 1 removed". */
  summary?: string;
}) {
  const shown = lines.slice(0, maxLines);
  return (
    // Focusable: a diff wider or longer than its box scrolls, and a keyboard must be able to scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs a tab stop (axe scrollable-region-focusable)
    <div className={className} tabIndex={0}>
      {summary ? <span className="visually-hidden">{summary}</span> : null}
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
      {lines.length > maxLines ? (
        <div className="diff__gap">… {lines.length - maxLines} more diff lines not shown</div>
      ) : null}
    </div>
  );
});
