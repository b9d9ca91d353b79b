import { useEffect, useState } from 'react';
import { loadedMarkdownParts, loadMarkdownParts, type MarkdownParts } from './load-markdown';
import type { MarkdownNeeds } from './markdown-needs';

/**
 * The Markdown parts a text needs: at once when they are already loaded, else undefined until they
 * arrive (the caller shows plain text meanwhile). A chunk that fails to load leaves the plain text.
 */
export function useMarkdownParts(needs: MarkdownNeeds): MarkdownParts | undefined {
  const ready = needs.markdown ? loadedMarkdownParts(needs) : undefined;
  const [, setArrived] = useState(0);
  const { markdown, highlight } = needs;
  useEffect(() => {
    if (!markdown || loadedMarkdownParts({ markdown, highlight })) return;
    let mounted = true;
    loadMarkdownParts({ markdown, highlight }).then(
      () => mounted && setArrived((count) => count + 1),
      () => {}, // plain text stays; the next text to need the chunk fetches it again
    );
    return () => {
      mounted = false;
    };
  }, [markdown, highlight]);
  return ready;
}
