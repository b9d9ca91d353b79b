/**
 * A plain relevance score of one document for some terms: how often they occur (case-insensitive
 * substrings), or 0 unless every term occurs. The in-memory store ranks with it; the SQLite store uses
 * it only to pick which message of an already ranked conversation to point at.
 */
export function documentScore(text: string, terms: readonly string[]): number {
  const lower = text.toLowerCase();
  let total = 0;
  for (const term of terms) {
    const count = lower.split(term).length - 1;
    if (count === 0) return 0;
    total += count;
  }
  return total;
}
