/**
 * `--allow-origin` values as origins (`scheme://host[:port]`, lower-cased, default port dropped), or a
 * usage error. Only an exact http(s) origin is accepted: no path, no wildcard, never `null`, so the
 * flag can name one front end and nothing wider.
 */
export function parseAllowOrigins(values: readonly string[] | undefined): string[] | string {
  const origins: string[] = [];
  for (const value of values ?? []) {
    const origin = exactOrigin(value);
    if (origin === undefined) {
      return `--allow-origin must be an origin like http://127.0.0.1:3001 (scheme, host and port, no path), got "${value}"`;
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

function exactOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // The href of a bare origin is the origin and '/': a path, query, fragment or user name adds to it.
  return url.href === `${url.origin}/` ? url.origin : undefined;
}
