/** Output kept in memory for one command; a runaway command (`yes`) keeps its start and its latest part. */
const DEFAULT_LIMIT = 16 * 1024 * 1024;

export interface OutputEnds {
  head: string;
  tail: string;
  /** Characters between head and tail that were not kept, including any dropped while streaming. */
  omittedCharacters: number;
}

export interface BoundedOutput {
  append(text: string): void;
  /** All text since the last take, with a note where the middle was dropped; empties the buffer. */
  take(): string;
  /**
   * At most `keep` characters: the start and the end of the text since the last take; empties the
   * buffer. Costs about `keep`, not the size of the buffer, so an interrupt can answer at once.
   */
  takeEnds(keep: number): OutputEnds;
  /** Empties the buffer without building its text. */
  clear(): void;
  /** The last `count` characters kept, without taking them (what the screen shows last). */
  peekEnd(count: number): string;
}

/**
 * The head is filled first; everything after it goes to a tail kept as a list of chunks, so each
 * append costs the size of the chunk, not of the buffer (a flood of 16 MB would otherwise copy the
 * whole tail for every chunk and keep the event loop busy).
 */
export function createBoundedOutput(limit = DEFAULT_LIMIT): BoundedOutput {
  const headLimit = Math.floor(limit / 4);
  const tailLimit = limit - headLimit;
  let head: string[] = [];
  let headLength = 0;
  let tail: string[] = [];
  let tailFirst = 0;
  let tailLength = 0;
  let dropped = 0;

  const clear = () => {
    head = [];
    headLength = 0;
    tail = [];
    tailFirst = 0;
    tailLength = 0;
    dropped = 0;
  };

  const dropFromTail = () => {
    while (tailLength > tailLimit) {
      const first = tail[tailFirst] ?? '';
      const excess = tailLength - tailLimit;
      if (first.length <= excess) {
        tailFirst += 1;
        tailLength -= first.length;
        dropped += first.length;
      } else {
        tail[tailFirst] = first.slice(excess);
        tailLength -= excess;
        dropped += excess;
      }
    }
    // Compact now and then, so the list does not grow with every dropped chunk.
    if (tailFirst > 1024 && tailFirst * 2 > tail.length) {
      tail = tail.slice(tailFirst);
      tailFirst = 0;
    }
  };

  const liveTail = () => tail.slice(tailFirst);

  const take = () => {
    const note = `\n[... ${dropped} characters dropped: the output exceeded ${limit} characters ...]\n`;
    const body = head.join('');
    const end = liveTail().join('');
    const text = dropped === 0 ? body + end : body + note + end;
    clear();
    return text;
  };

  return {
    append(text) {
      let rest = text;
      if (headLength < headLimit) {
        const room = headLimit - headLength;
        const piece = rest.length <= room ? rest : rest.slice(0, room);
        head.push(piece);
        headLength += piece.length;
        rest = rest.slice(piece.length);
      }
      if (rest.length === 0) return;
      tail.push(rest);
      tailLength += rest.length;
      dropFromTail();
    },
    take,
    takeEnds(keep) {
      const total = headLength + tailLength;
      if (total <= keep && dropped === 0) return { head: take(), tail: '', omittedCharacters: 0 };
      const chunks = [...head, ...liveTail()];
      const start = firstCharacters(chunks, Math.floor(keep / 2));
      const end = lastCharacters(chunks, Math.min(keep - start.length, total - start.length));
      const omittedCharacters = total + dropped - start.length - end.length;
      clear();
      return { head: start, tail: end, omittedCharacters };
    },
    clear,
    peekEnd(count) {
      const parts: string[] = [];
      let length = 0;
      for (const chunks of [tail, head]) {
        const first = chunks === tail ? tailFirst : 0;
        for (let index = chunks.length - 1; index >= first && length < count; index--) {
          const chunk = chunks[index] ?? '';
          const piece = chunk.length <= count - length ? chunk : chunk.slice(chunk.length - (count - length));
          parts.push(piece);
          length += piece.length;
        }
      }
      return parts.reverse().join('');
    },
  };
}

function firstCharacters(chunks: string[], count: number): string {
  const parts: string[] = [];
  let length = 0;
  for (const chunk of chunks) {
    if (length >= count) break;
    const piece = chunk.length <= count - length ? chunk : chunk.slice(0, count - length);
    parts.push(piece);
    length += piece.length;
  }
  return parts.join('');
}

function lastCharacters(chunks: string[], count: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = chunks.length - 1; index >= 0 && length < count; index--) {
    const chunk = chunks[index] ?? '';
    const piece = chunk.length <= count - length ? chunk : chunk.slice(chunk.length - (count - length));
    parts.push(piece);
    length += piece.length;
  }
  return parts.reverse().join('');
}
