import type { OutputEnds } from './bounded-output';

/** How far back (or forward) a cut may move to land on a line break, as a share of the kept part. */
const LINE_SNAP_SHARE = 0.2;

/**
 * The text of an interrupted command: its start and end with a note between them. Cuts move to a
 * line break when one is near, so no line (or escape sequence) is shown half. The full output is not
 * saved: an interrupt must answer at once, and writing megabytes of a flood would delay it.
 */
export function interruptedOutput(ends: OutputEnds): string {
  if (ends.omittedCharacters === 0) return ends.head + ends.tail;
  let head = ends.head;
  const headBreak = head.lastIndexOf('\n');
  if (headBreak >= head.length * (1 - LINE_SNAP_SHARE)) head = head.slice(0, headBreak + 1);
  let tail = ends.tail;
  const tailBreak = tail.indexOf('\n');
  if (tailBreak >= 0 && tailBreak < tail.length * LINE_SNAP_SHARE) tail = tail.slice(tailBreak + 1);
  const omitted =
    ends.omittedCharacters + (ends.head.length - head.length) + (ends.tail.length - tail.length);
  const note = `[... ${omitted} characters cut from the middle: the command was interrupted, so only the start and the end of its output were kept (the full output was not saved) ...]`;
  return `${head}${head.endsWith('\n') || head === '' ? '' : '\n'}${note}\n${tail}`;
}
