import { compilePathGlob, type PathGlob } from './path-glob';

export interface SearchFilters {
  include?: PathGlob;
  exclude?: PathGlob;
}

/** Compiles the include/exclude globs a call named; the error names the glob that cannot be read. */
export function compileSearchFilters(
  include: string | undefined,
  exclude: string | undefined,
): { ok: true; filters: SearchFilters } | { ok: false; error: string } {
  const filters: SearchFilters = {};
  for (const [name, glob] of [
    ['include', include],
    ['exclude', exclude],
  ] as const) {
    if (glob === undefined || glob === '') continue;
    const compiled = compilePathGlob(glob);
    if (compiled === undefined)
      return {
        ok: false,
        error: `The ${name} glob ${JSON.stringify(glob)} is malformed (an unclosed [ or {, or a trailing \\).`,
      };
    filters[name] = compiled;
  }
  return { ok: true, filters };
}
