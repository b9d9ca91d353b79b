/** The markers the runtime puts around each hit in `match.snippet` (src/runtime/store/make-snippet.ts). */
export const SNIPPET_OPEN = '«';
export const SNIPPET_CLOSE = '»';

export interface SnippetPart {
  text: string;
  hit: boolean;
}

/**
 * Splits a snippet into plain and hit parts so the view can wrap hits in <mark> as text nodes (the
 * snippet is user content: it is never treated as HTML). A lone marker (the text itself contained
 * one, or the snippet was cut inside a hit) is kept as a literal character rather than dropped.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let rest = snippet;
  while (rest.length > 0) {
    const close = rest.indexOf(SNIPPET_CLOSE);
    // Hits never contain a marker, so a hit opens at the last « before its ».
    const open = close === -1 ? -1 : rest.lastIndexOf(SNIPPET_OPEN, close);
    if (close === -1) {
      pushPart(parts, rest, false);
      break;
    }
    if (open === -1 || open === close - 1) {
      pushPart(parts, rest.slice(0, close + 1), false);
    } else {
      pushPart(parts, rest.slice(0, open), false);
      pushPart(parts, rest.slice(open + 1, close), true);
    }
    rest = rest.slice(close + 1);
  }
  return parts;
}

function pushPart(parts: SnippetPart[], text: string, hit: boolean): void {
  if (text.length === 0) return;
  const last = parts.at(-1);
  if (last && last.hit === hit) last.text += text;
  else parts.push({ text, hit });
}
