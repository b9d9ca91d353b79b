import type { WalkedEntry } from './walk-confined-tree';
import { walkConfinedTree } from './walk-confined-tree';
import { matchingLines } from './matching-lines';
import { readHandle, readSearchableText, type SearchableText } from './read-searchable-text';
import type { SearchFilters } from './search-filters';
import type { SearchRoot } from './with-search-root';

/** Entries a search walks before it stops and says so: bounds the time of a search of `/`-sized trees. */
export const MAX_WALKED_ENTRIES = 200_000;
/** Characters of answer collected before the search stops; the model reads at most the cut of it. */
const MAX_COLLECTED_CHARACTERS = 4 * 1024 * 1024;

export interface ContentSearch {
  expression: RegExp;
  filters: SearchFilters;
  contextLines: number;
  filesOnly: boolean;
  /** How the pattern is named in the answer's first line. */
  patternLabel: string;
}

export interface SearchResult {
  text: string;
  searchPath: string;
  truncated: boolean;
}

/**
 * Searches every file below the root (or the root file itself) in walk order. Stops at the entry
 * or answer limit, and at once when the signal fires, answering with what it found so far.
 */
export async function searchContents(
  search: ContentSearch,
  root: SearchRoot,
  signal: AbortSignal,
): Promise<SearchResult> {
  const found: string[] = [];
  let collected = 0;
  let matchedFiles = 0;
  const skipped = { binary: 0, large: 0, unreadable: 0 };
  const take = (path: string, read: SearchableText): 'stop' | undefined => {
    if (read.kind === 'skipped') {
      skipped[read.why]++;
      return undefined;
    }
    const lines = search.filesOnly
      ? search.expression.test(read.text) && lineMatches(read.text, search.expression)
        ? [path]
        : []
      : matchingLines(path, read.text, search.expression, search.contextLines);
    if (lines.length === 0) return undefined;
    matchedFiles++;
    for (const line of lines) collected += line.length + 1;
    found.push(...lines);
    return collected > MAX_COLLECTED_CHARACTERS ? 'stop' : undefined;
  };

  const isSearched = (entry: WalkedEntry) =>
    entry.kind === 'file' &&
    !search.filters.exclude?.matches(entry.relativePath) &&
    (search.filters.include === undefined || search.filters.include.matches(entry.relativePath));
  let truncated = false;
  if (root.file !== undefined) take(root.path, await readHandle(root.file));
  else if (root.directory !== undefined) {
    const walked = await walkConfinedTree(
      root.directory,
      {
        ignore: root.ignore,
        ignoreBase: root.ignoreBase,
        maxEntries: MAX_WALKED_ENTRIES,
        signal,
        prefetch: (entry) => (isSearched(entry) ? readSearchableText(entry.parent, entry.name) : undefined),
      },
      async (entry: WalkedEntry, prefetched) => {
        if (search.filters.exclude?.matches(entry.relativePath)) return 'skip';
        if (!isSearched(entry)) return undefined;
        const read = isSearchableText(prefetched)
          ? prefetched
          : await readSearchableText(entry.parent, entry.name);
        return take(entry.path, read);
      },
    );
    truncated = walked.truncated || walked.stopped;
  }
  return {
    text: describeResult(search, root.path, found, matchedFiles, skipped, truncated, signal.aborted),
    searchPath: root.path,
    truncated,
  };
}

function isSearchableText(value: unknown): value is SearchableText {
  return typeof value === 'object' && value !== null && 'kind' in value;
}

/** Files-only mode still matches line by line, as ripgrep does: a match across a line break is none. */
function lineMatches(text: string, expression: RegExp): boolean {
  return text.split(/\r?\n/).some((line) => expression.test(line));
}

function describeResult(
  search: ContentSearch,
  path: string,
  found: readonly string[],
  matchedFiles: number,
  skipped: { binary: number; large: number; unreadable: number },
  truncated: boolean,
  interrupted: boolean,
): string {
  const notes: string[] = [];
  if (skipped.binary + skipped.large > 0)
    notes.push(`[Skipped ${skipped.binary} binary file(s) and ${skipped.large} file(s) over 8 MB.]`);
  if (truncated)
    notes.push(
      '[The search stopped at its limit before the end: narrow it with path, include or a stricter pattern.]',
    );
  if (interrupted) notes.push('[Interrupted: these are the results found so far.]');
  if (found.length === 0) return [`No matches for ${search.patternLabel} in ${path}.`, ...notes].join('\n');
  const header = search.filesOnly
    ? `${matchedFiles} file(s) match ${search.patternLabel} in ${path}:`
    : `Matches for ${search.patternLabel} in ${path} (${matchedFiles} file(s)):`;
  return [header, ...found, ...notes].join('\n');
}
