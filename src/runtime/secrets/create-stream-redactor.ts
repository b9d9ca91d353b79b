import { applyMatches, type Redactor } from './create-redactor';

/** Characters a secret token is made of; a trailing run of them may be the start of one. */
const TOKEN_CHARACTER = /[A-Za-z0-9_.~+/=%-]/;
/** How far before a held token a label may start. */
const LABEL_WINDOW = 40;
/** A label or scheme whose token may follow in the next chunk: hold it back with the token. */
const TRAILING_LABEL = /(?:bearer|aws_secret_access_key["']?\s*(?:[=:]\s*["']?)?)\s*$/i;
const PEM_BEGIN = '-----BEGIN';

/**
 * Redacts text that arrives in chunks (streamed model output), per stream key (an item and its
 * kind). It holds back the tail that could still be the start of a secret: the trailing run of token
 * characters (with a `Bearer ` or `aws_secret_access_key=` label before it), the longest exact
 * spelling when an exact value holds other characters (a password with spaces), any match that
 * touches the end (it may grow), and an unclosed private-key block. So a secret split
 * across chunks is still caught; the held text is released by the next chunks or by `flush`.
 * `redactor` is asked on every chunk, so secrets registered mid-stream apply from then on.
 */
export function createStreamRedactor(redactor: () => Redactor) {
  const pending = new Map<string, string>();

  return {
    /** Appends a chunk; answers what is safe to show now (possibly ''). */
    push(key: string, chunk: string): string {
      const buffer = (pending.get(key) ?? '') + chunk;
      const current = redactor();
      const matches = current.scan(buffer);
      const split = safeSplit(buffer, matches, current.longestUntokenlikeForm);
      pending.set(key, buffer.slice(split));
      return applyMatches(
        buffer.slice(0, split),
        matches.filter((match) => match.end <= split),
      );
    },
    /** Ends a stream: answers the rest, redacted. */
    flush(key: string): string {
      const rest = pending.get(key) ?? '';
      pending.delete(key);
      return rest === '' ? '' : redactor().redact(rest);
    },
    /** Streams with text held back, to flush when their item ends. */
    openKeys: (): string[] => [...pending.keys()],
  };
}

function safeSplit(
  buffer: string,
  matches: readonly { start: number; end: number }[],
  longestUntokenlike: number,
): number {
  const tokenStart = trailingTokenStart(buffer);
  const before = Math.max(0, tokenStart - LABEL_WINDOW);
  const labelStart = buffer.slice(before, tokenStart).search(TRAILING_LABEL);
  const heldFrom = labelStart === -1 ? tokenStart : before + labelStart;
  let split = Math.min(heldFrom, buffer.length - longestUntokenlike);
  const unclosedKey = buffer.lastIndexOf(PEM_BEGIN);
  if (unclosedKey !== -1 && !matches.some((match) => match.start <= unclosedKey && match.end > unclosedKey)) {
    split = Math.min(split, unclosedKey);
  }
  split = Math.max(0, split);
  // Never cut through a match, and hold back one that reaches the end: it may still grow.
  for (const match of matches) {
    if ((match.start < split && match.end > split) || match.end === buffer.length) {
      split = Math.min(split, match.start);
    }
  }
  return Math.max(0, split);
}

/** Where the trailing run of token characters starts (scanned backwards: linear in the run). */
function trailingTokenStart(buffer: string): number {
  let start = buffer.length;
  while (start > 0 && TOKEN_CHARACTER.test(buffer[start - 1] as string)) start--;
  return start;
}
