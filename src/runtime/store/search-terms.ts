/**
 * Splits a free-text query into the terms both stores search for. Only runs of letters and digits
 * count (that is what FTS5's unicode61 tokenizer indexes), so `"`, `*`, `-`, `NEAR(` and unbalanced
 * quotes are never syntax: `NEAR(foo` is the two words `near` and `foo`. Lower-cased, duplicates dropped.
 */
export function searchTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_TERMS);
}

/** More terms than this add nothing a person meant and only slow the index down. */
export const MAX_TERMS = 32;

/** An FTS5 MATCH expression requiring every term, each quoted as a string so it is never an operator. */
export function ftsMatchExpression(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' AND ');
}
