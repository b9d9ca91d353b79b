import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface UiBundleSize {
  /** What the first page load fetches before the app runs: index.html's module scripts, their modulepreloads and static imports. */
  initialGzipBytes: number;
  /** Every other JS file: the chunks fetched later, on a route or on first use. */
  lazyGzipBytes: number;
  initialFiles: string[];
}

/**
 * The "initial JavaScript": the gzip size of the JS the browser needs for any first page,
 * apart from what it fetches later (route pages, the Markdown and highlighting chunks). Read from the
 * build (dist/ui): the entry scripts and modulepreload links of index.html, closed over the static
 * imports of those files (a dynamic import() is a later fetch, not part of it).
 */
export function measureUiBundle(distDir: string): UiBundleSize {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const initial = new Set<string>();
  const pending = htmlScripts(html);
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (initial.has(file)) continue;
    initial.add(file);
    pending.push(
      ...staticImports(readFileSync(join(distDir, file), 'utf8')).map((path) =>
        posix.join(posix.dirname(file), path),
      ),
    );
  }
  const assets = readdirSync(join(distDir, 'assets')).filter((name) => name.endsWith('.js'));
  let initialGzipBytes = 0;
  let lazyGzipBytes = 0;
  for (const name of assets) {
    const size = gzipSync(readFileSync(join(distDir, 'assets', name))).length;
    if (initial.has(`assets/${name}`)) initialGzipBytes += size;
    else lazyGzipBytes += size;
  }
  return { initialGzipBytes, lazyGzipBytes, initialFiles: [...initial].sort() };
}

/** The JS files index.html makes the browser fetch at once, relative to dist (leading slash dropped). */
export function htmlScripts(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags.flatMap((tag) => {
    const isModuleScript = tag.startsWith('<script') && /\btype=["']?module\b/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel=["']?modulepreload\b/.test(tag);
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/.exec(tag)?.[1];
    return (isModuleScript || isPreload) && url?.endsWith('.js') ? [url.replace(/^\//, '')] : [];
  });
}

/** Relative specifiers of a minified chunk's static `import … from "./x.js"` / `import "./x.js"`, not `import("./x.js")`. */
export function staticImports(code: string): string[] {
  const found = code.matchAll(
    /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
  );
  return [...found].map((match) => match[1] ?? '');
}
