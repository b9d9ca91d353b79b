/**
 * The highlighted result after an arrow key: wraps around both ends; -1 (nothing highlighted) when
 * there are no results.
 */
export function moveSelection(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
