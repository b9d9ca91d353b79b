import rehypeHighlight from 'rehype-highlight';
import type { HighlightPlugin } from './markdown-renderer';
import './highlight.css';

/**
 * Syntax highlighting, the largest part of the Markdown stack (highlight.js and its grammars): a
 * chunk of its own, loaded only for a fenced block that names its language. Detection is off, so
 * nothing else would be coloured anyway.
 */
export const highlightPlugin: HighlightPlugin = [rehypeHighlight, { detect: false }];
