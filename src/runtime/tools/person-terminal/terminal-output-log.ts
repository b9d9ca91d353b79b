/** What a reader asked for from `offset` on: the text kept, where it starts, and how much was lost. */
export interface OutputSince {
  /** The offset of `text`'s first character (greater than asked when the start was dropped). */
  from: number;
  text: string;
  /** Characters between the asked offset and `from` that are no longer kept. */
  missed: number;
}

export interface TerminalOutputLog {
  /** Appends pty text; answers the offset just past it. */
  append(text: string): number;
  /** The text from `offset` on; an offset past the end (or negative) reads from the end. */
  since(offset: number): OutputSince;
  /** The offset just past the last character appended. */
  readonly end: number;
}

/** How much of a person's terminal is kept for a reconnecting tab: a full screen of `top` many times over. */
export const MAX_KEPT_OUTPUT_CHARACTERS = 256 * 1024;

/**
 * The output of one pty as a stream of characters numbered from 0 since the shell started, keeping
 * the last `maxCharacters`: a socket that drops gives the offset it had and reads exactly what it
 * missed, or learns how much was lost when that is no longer kept.
 */
export function createTerminalOutputLog(maxCharacters = MAX_KEPT_OUTPUT_CHARACTERS): TerminalOutputLog {
  let kept = '';
  let keptFrom = 0;
  return {
    append(text) {
      kept += text;
      if (kept.length > maxCharacters) {
        const drop = kept.length - maxCharacters;
        kept = kept.slice(drop);
        keptFrom += drop;
      }
      return keptFrom + kept.length;
    },
    since(offset) {
      const end = keptFrom + kept.length;
      if (!Number.isInteger(offset) || offset < 0 || offset > end) return { from: end, text: '', missed: 0 };
      if (offset < keptFrom) return { from: keptFrom, text: kept, missed: keptFrom - offset };
      return { from: offset, text: kept.slice(offset - keptFrom), missed: 0 };
    },
    get end() {
      return keptFrom + kept.length;
    },
  };
}
