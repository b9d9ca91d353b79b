/** Output kept in memory for one command; a runaway command (`yes`) keeps its start and its latest part. */
const DEFAULT_LIMIT = 16 * 1024 * 1024;

export interface BoundedOutput {
  append(text: string): void;
  /** All text since the last take, with a note where the middle was dropped; empties the buffer. */
  take(): string;
}

export function createBoundedOutput(limit = DEFAULT_LIMIT): BoundedOutput {
  const headLimit = Math.floor(limit / 4);
  let head = '';
  let tail = '';
  let overflowed = false;
  let dropped = 0;

  return {
    append(text) {
      if (!overflowed && head.length + text.length <= limit) {
        head += text;
        return;
      }
      if (!overflowed) {
        overflowed = true;
        tail = head.slice(headLimit);
        head = head.slice(0, headLimit);
      }
      tail += text;
      const tailLimit = limit - headLimit;
      if (tail.length > tailLimit) {
        dropped += tail.length - tailLimit;
        tail = tail.slice(tail.length - tailLimit);
      }
    },
    take() {
      const note = `\n[... ${dropped} characters dropped: the output exceeded ${limit} characters ...]\n`;
      const text = dropped === 0 ? head + tail : head + note + tail;
      head = '';
      tail = '';
      overflowed = false;
      dropped = 0;
      return text;
    },
  };
}
