/** Markers around each hit in a snippet. The UI renders the text between them highlighted. */
export const SNIPPET_OPEN = '«';
export const SNIPPET_CLOSE = '»';

const RADIUS = 60;

/**
 * A short excerpt of `text` around the first occurrence of any term, each occurrence inside it
 * wrapped in « ». Terms are matched case-insensitively as substrings; with no occurrence (the index
 * matched a form this cannot see, e.g. with diacritics folded) the start of the text is returned.
 * Marker characters already in the text are kept as they are.
 */
export function makeSnippet(text: string, terms: readonly string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  const first = firstHit(lower, terms);
  const start = first === -1 ? 0 : Math.max(0, first - RADIUS);
  const end = Math.min(flat.length, (first === -1 ? 0 : first) + RADIUS * 2);
  const excerpt = highlight(flat.slice(start, end), terms);
  return `${start > 0 ? '…' : ''}${excerpt}${end < flat.length ? '…' : ''}`;
}

function firstHit(lower: string, terms: readonly string[]): number {
  let best = -1;
  for (const term of terms) {
    const at = lower.indexOf(term);
    if (at !== -1 && (best === -1 || at < best)) best = at;
  }
  return best;
}

function highlight(excerpt: string, terms: readonly string[]): string {
  if (terms.length === 0) return excerpt;
  const pattern = new RegExp(terms.map(escapeRegExp).join('|'), 'giu');
  return excerpt.replace(pattern, (hit) => `${SNIPPET_OPEN}${hit}${SNIPPET_CLOSE}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
