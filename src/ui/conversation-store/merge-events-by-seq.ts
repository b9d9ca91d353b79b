import type { Event } from '../api/wire-types';

/**
 * Merges incoming events into a seq-sorted, duplicate-free list. Events already held (same seq) are
 * ignored, so replays after a reconnect and overlapping pages never show twice. The common cases,
 * newer events at the end and an older page at the start, avoid a full sort.
 * Returns `held` itself when nothing was new, so selectors keep their memoised results.
 */
export function mergeEventsBySeq(held: readonly Event[], incoming: readonly Event[]): readonly Event[] {
  if (incoming.length === 0) return held;
  const first = held[0];
  const last = held.at(-1);
  const fresh = uniqueSorted(incoming);
  if (!first || !last) return fresh;

  const newer = fresh.filter((event) => event.seq > last.seq);
  const older = fresh.filter((event) => event.seq < first.seq);
  const inside = fresh.filter((event) => event.seq >= first.seq && event.seq <= last.seq);
  const holes = inside.filter((event) => !containsSeq(held, event.seq));
  if (newer.length === 0 && older.length === 0 && holes.length === 0) return held;
  if (holes.length === 0) return [...older, ...held, ...newer];
  return uniqueSorted([...held, ...fresh]);
}

function uniqueSorted(events: readonly Event[]): Event[] {
  const bySeq = new Map<number, Event>();
  for (const event of events) if (!bySeq.has(event.seq)) bySeq.set(event.seq, event);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

function containsSeq(sorted: readonly Event[], seq: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const candidate = sorted[middle]?.seq ?? -1;
    if (candidate === seq) return true;
    if (candidate < seq) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
