/** What rendering a text takes: the Markdown chunk, and the highlighting chunk on top of it. */
export interface MarkdownNeeds {
  markdown: boolean;
  highlight: boolean;
}

/**
 * Anything CommonMark or GFM (or the secret pills) would render differently from plain paragraphs:
 * inline marks and escapes anywhere (`* _ ~ \` | [ ] < \\`), entities, masked secrets, URLs and
 * emails (autolinks), hard breaks, and the block starts (headings, quotes, lists, rules, setext
 * underlines, indented code). Erring towards true only costs loading the chunk.
 */
const MARKDOWN_SYNTAX =
  /[*_~`|[\]<\\‹@]|&#?\w+;|:\/\/|www\.| {2,}\n|^ {0,3}(#|>|[-+] |\d+[.)]|[-=]+ *$)|^( {4}|\t)/m;

/** A fenced code block that names its language: the only kind rehype-highlight colours (detect off). */
const FENCE_WITH_LANGUAGE = /^ {0,3}(`{3,}|~{3,})[ \t]*[^\s`~]/m;

/** Decides, from the text alone, which chunks it needs; plain prose needs neither. */
export function markdownNeeds(text: string): MarkdownNeeds {
  const highlight = FENCE_WITH_LANGUAGE.test(text);
  return { markdown: highlight || MARKDOWN_SYNTAX.test(text), highlight };
}
