/**
 * The runtime masks every secret it knows as `‹secret:NAME›` before anything is stored or streamed
 * (CONTRACT: secret placeholders). The UI may not import the runtime, so the format is repeated here.
 */
const SECRET_PLACEHOLDER = /‹secret:([A-Za-z0-9_.-]{1,100})›/g;

/** A piece of text, or a masked secret and its name. */
export type SecretPiece = string | { secret: string };

/** Splits a text at its secret placeholders; a text without any is returned as one piece. */
export function splitSecrets(text: string): SecretPiece[] {
  if (!text.includes('‹secret:')) return [text];
  const pieces: SecretPiece[] = [];
  let cursor = 0;
  for (const match of text.matchAll(SECRET_PLACEHOLDER)) {
    if (match.index > cursor) pieces.push(text.slice(cursor, match.index));
    pieces.push({ secret: match[1] as string });
    cursor = match.index + match[0].length;
  }
  if (cursor < text.length) pieces.push(text.slice(cursor));
  return pieces;
}
