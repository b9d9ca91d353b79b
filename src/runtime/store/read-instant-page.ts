import type { Event } from '../events';
import type { Page } from './event-store';
import { sortMillis } from './conversation-sort';
import { encodePageId } from './page-cursor';

/**
 * Reads up to `count` events after `cursor` (a seq; null: from the start) in the page's order, with
 * the store's filters applied. May be called several times for one page.
 */
export type ReadEventsAfter = (cursor: number | null, count: number) => Promise<readonly Event[]>;

/**
 * One page of a filtered event search that never ends inside a group of events sharing a millisecond:
 * `limit` events, then every following one stamped with the last one's instant. Upstream clients (the
 * Agent Canvas) page older history with `timestamp__lt` = the oldest timestamp they hold, which would
 * skip the rest of a group split at a page's end; one step's appends share the clock's reading, so such
 * groups are common. The page id is the seq of the last event served, so page ids stay exact too.
 * Events are assumed stamped in seq order (the log's clock), as the stores' seq order serves them.
 */
export async function readInstantPage(
  read: ReadEventsAfter,
  cursor: number | null,
  limit: number,
): Promise<Page<Event>> {
  const first = await read(cursor, limit + 1);
  const items = first.slice(0, limit);
  let following = first.slice(limit);
  let exhausted = first.length <= limit;
  for (;;) {
    const last = items.at(-1);
    if (!last) return { items, next_page_id: null };
    const next = following.shift();
    if (next === undefined) {
      if (exhausted) return { items, next_page_id: null };
      following = [...(await read(last.seq, limit + 1))];
      exhausted = following.length <= limit;
    } else if (sortMillis(next.timestamp) === sortMillis(last.timestamp)) {
      items.push(next);
    } else {
      return { items, next_page_id: encodePageId({ s: last.seq }) };
    }
  }
}
