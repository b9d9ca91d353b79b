import type { Event } from '../events';
import type { EventFilter } from './event-store';
import { messageText } from './message-text';

/** Whether an event passes a filter; `body` is a case-insensitive substring of its message text. */
export function eventFilterMatches(event: Event, filter: EventFilter): boolean {
  if (filter.kind !== undefined && event.kind !== filter.kind) return false;
  if (filter.source !== undefined && event.source !== filter.source) return false;
  if (filter.afterSeq !== undefined && event.seq <= filter.afterSeq) return false;
  if (filter.beforeSeq !== undefined && event.seq >= filter.beforeSeq) return false;
  if (filter.timestampGte !== undefined && Date.parse(event.timestamp) < Date.parse(filter.timestampGte))
    return false;
  if (filter.timestampLt !== undefined && Date.parse(event.timestamp) >= Date.parse(filter.timestampLt))
    return false;
  if (filter.body !== undefined && filter.body !== '') {
    const text = messageText(event);
    if (text === null || !text.toLowerCase().includes(filter.body.toLowerCase())) return false;
  }
  return true;
}
