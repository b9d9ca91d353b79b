import { memo, type ComponentProps } from 'react';
import Markdown, { defaultUrlTransform, type ExtraProps } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { CopyButton } from '../components/copy-button';
import { codeBlockText } from './code-block-text';
import { DeferredImage } from './deferred-image';
import { rehypeSecretPills } from './rehype-secret-pills';
import { remarkRawHtmlAsText } from './remark-raw-html-as-text';
import './markdown.css';
import './highlight.css';

export interface SafeMarkdownProps {
  text: string;
}

/**
 * Renders transcript text, which is untrusted input: raw HTML is shown as the text it is (never
 * parsed into elements; skipHtml stays as a second guard), URLs pass react-markdown's safe-protocol
 * filter, links open in a new tab without referrer or opener, and images load only when the person
 * asks for them.
 */
export const SafeMarkdown = memo(function SafeMarkdown({ text }: SafeMarkdownProps) {
  return (
    <div className="markdown">
      <Markdown
        skipHtml
        remarkPlugins={[remarkGfm, remarkRawHtmlAsText]}
        rehypePlugins={[[rehypeHighlight, { detect: false }], rehypeSecretPills]}
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
      <pre {...rest}>{children}</pre>
      <CopyButton
        text={() => codeBlockText(node).replace(/\n$/, '')}
        label="Copy code"
        className="markdown__code-copy"
        testId="copy-code"
      />
    </div>
  );
}
