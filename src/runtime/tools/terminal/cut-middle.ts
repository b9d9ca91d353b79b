export interface CutText {
  head: string;
  tail: string;
  cutCharacters: number;
  cutLines: number;
}

/**
 * Keeps the start and the end of a text that is longer than `limit` characters, cutting at line
 * breaks when one is near, because errors tend to sit at the end and the command's context at the
 * start. Returns undefined when the text fits.
 */
export function cutMiddle(text: string, limit: number): CutText | undefined {
  if (text.length <= limit) return undefined;
  const headBudget = Math.floor(limit / 2);
  const tailBudget = limit - headBudget;

  let headEnd = text.lastIndexOf('\n', headBudget);
  if (headEnd < headBudget * 0.8) headEnd = headBudget;
  else headEnd += 1;

  let tailStart = text.indexOf('\n', text.length - tailBudget);
  if (tailStart < 0 || tailStart > text.length - tailBudget * 0.8) tailStart = text.length - tailBudget;
  else tailStart += 1;

  const middle = text.slice(headEnd, tailStart);
  return {
    head: text.slice(0, headEnd),
    tail: text.slice(tailStart),
    cutCharacters: middle.length,
    cutLines: countLines(middle),
  };
}

function countLines(text: string): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) lines++;
  return lines;
}
