import { useMemo } from 'react';
import { snippetParts } from './snippet-parts';

/** A search snippet with its hits in <mark>; the text is rendered as text, never parsed as HTML. */
export function HighlightedSnippet({ snippet, className }: { snippet: string; className?: string }) {
  const parts = useMemo(() => snippetParts(snippet), [snippet]);
  return (
    <span className={className}>
      {parts.map((part, index) =>
        // The parts of one snippet never reorder, so their position is a stable key.
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <mark key={index}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}
