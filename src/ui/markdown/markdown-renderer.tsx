import { type ComponentProps, memo } from 'react';
import Markdown, { defaultUrlTransform, type ExtraProps, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from '../components/copy-button';
import { codeBlockText } from './code-block-text';
import { DeferredImage } from './deferred-image';
import { rehypeSecretPills } from './rehype-secret-pills';
import { remarkRawHtmlAsText } from './remark-raw-html-as-text';

export interface MarkdownRendererProps {
  text: string;
  /** rehype-highlight, when the text has a fenced block naming its language (load-markdown.ts). */
  highlight?: HighlightPlugin;
}

export type HighlightPlugin = NonNullable<Options['rehypePlugins']>[number];

/**
 * The Markdown half of SafeMarkdown, in its own chunk (load-markdown.ts). Transcript text is untrusted
 * input: raw HTML is shown as the text it is (never parsed into elements; skipHtml stays as a second
 * guard), URLs pass react-markdown's safe-protocol filter, links open in a new tab without referrer or
 * opener, and images load only when the person asks for them.
 */
export const MarkdownRenderer = memo(function MarkdownRenderer({ text, highlight }: MarkdownRendererProps) {
  return (
    <div className="markdown">
      <Markdown
        skipHtml
        remarkPlugins={[remarkGfm, remarkRawHtmlAsText]}
        rehypePlugins={highlight ? [highlight, rehypeSecretPills] : [rehypeSecretPills]}
        urlTransform={defaultUrlTransform}
        components={{ a: SafeLink, img: MarkdownImage, pre: CodeBlock }}
      >
        {text}
      </Markdown>
    </div>
  );
});

function SafeLink({ href, children }: ComponentProps<'a'>) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

function MarkdownImage({ src, alt }: ComponentProps<'img'>) {
  return typeof src === 'string' && src !== '' ? <DeferredImage src={src} alt={alt ?? ''} /> : null;
}

/** A fenced or indented code block, with a copy button that is always there. */
function CodeBlock({ node, children, ...rest }: ComponentProps<'pre'> & ExtraProps) {
  return (
    <div className="markdown__code-block">
      {/* Focusable: a long line scrolls sideways, and the keyboard must reach that too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <pre {...rest} tabIndex={0}>
        {children}
      </pre>
      <CopyButton
        text={() => codeBlockText(node).replace(/\n$/, '')}
        label="Copy code"
        className="markdown__code-copy"
        testId="copy-code"
      />
    </div>
  );
}
