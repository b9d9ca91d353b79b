/**
 * The value of one cookie in a Cookie header, URI-decoded, or undefined when it is absent. Written by
 * hand (a dozen lines) instead of pulling in a cookie library; a value that does not decode counts as
 * absent. When the name repeats, the first wins, as browsers send the most specific path first.
 */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) continue;
    const raw = pair
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
