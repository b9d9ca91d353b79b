import { memo, useMemo } from 'react';
import { markdownNeeds } from './markdown-needs';
import { PlainParagraphs } from './plain-paragraphs';
import { useMarkdownParts } from './use-markdown-parts';
import './markdown.css';

export interface SafeMarkdownProps {
  text: string;
}

/**
 * Renders transcript text, which is untrusted input, as Markdown (markdown-renderer.tsx says how it
 * is kept safe). The Markdown and highlighting code is not in the page's first download: plain prose
 * never needs it, and a text that does is shown as plain paragraphs until the chunk arrives, then
 * upgraded in place.
 */
export const SafeMarkdown = memo(function SafeMarkdown({ text }: SafeMarkdownProps) {
  const needs = useMemo(() => markdownNeeds(text), [text]);
  const parts = useMarkdownParts(needs);
  if (parts) return <parts.Renderer text={text} highlight={parts.highlight} />;
  return (
    <div className="markdown" data-markdown={needs.markdown ? 'loading' : 'plain'}>
      <PlainParagraphs text={text} />
    </div>
  );
});
