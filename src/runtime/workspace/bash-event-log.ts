import type { BashEvent } from './bash-event';

/** At most this many events are kept; the oldest go first. */
export const MAX_BASH_EVENTS = 1_000;
/** And at most this many characters of commands and output across them. */
export const MAX_BASH_EVENT_CHARACTERS = 32 * 1024 * 1024;

export interface BashEventFilter {
  kind?: BashEvent['kind'];
  /** 32 hex digits (dashes and case are ignored). */
  commandId?: string;
  /** ISO 8601 bounds on `timestamp`: gte inclusive, lt exclusive. */
  timestampGte?: Date;
  timestampLt?: Date;
  /** Only outputs with a greater `order` (commands always pass). */
  orderGt?: number;
  descending?: boolean;
  /** The id of the first event of the page, from `next_page_id`; unknown ids start from the top, as upstream. */
  pageId?: string;
  limit: number;
}

export interface BashEventLog {
  append(event: BashEvent): void;
  get(id: string): BashEvent | undefined;
  search(filter: BashEventFilter): { items: BashEvent[]; next_page_id: string | null };
  /** Removes every event; answers how many there were. */
  clear(): number;
  /** Called with each appended event, in order; a throwing listener is dropped. */
  subscribe(listener: (event: BashEvent) => void): () => void;
}

/**
 * The workspace API's bash events, in memory only (lost at restart), bounded by count and size.
 * Events are immutable once appended; callers may keep them.
 */
export function createBashEventLog(
  bounds: { maxEvents: number; maxCharacters: number } = {
    maxEvents: MAX_BASH_EVENTS,
    maxCharacters: MAX_BASH_EVENT_CHARACTERS,
  },
): BashEventLog {
  const events: BashEvent[] = [];
  let characters = 0;
  const listeners = new Set<(event: BashEvent) => void>();

  const evict = () => {
    while (events.length > bounds.maxEvents || (characters > bounds.maxCharacters && events.length > 1)) {
      const oldest = events.shift();
      if (oldest) characters -= sizeOf(oldest);
    }
  };

  return {
    append(event) {
      events.push(event);
      characters += sizeOf(event);
      evict();
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // a broken subscriber (a closed socket) must not stop the others
          listeners.delete(listener);
        }
      }
    },
    get: (id) => events.find((event) => event.id === normalizeId(id)),
    search(filter) {
      const commandId = filter.commandId === undefined ? undefined : normalizeId(filter.commandId);
      const matched = events.filter((event) => matches(event, filter, commandId));
      if (filter.descending) matched.reverse();
      const found =
        filter.pageId === undefined ? -1 : matched.findIndex((event) => event.id === filter.pageId);
      const start = Math.max(found, 0);
      const page = matched.slice(start, start + filter.limit);
      const next = matched[start + filter.limit];
      const items = page.filter(
        (event) =>
          filter.orderGt === undefined || event.kind !== 'BashOutput' || event.order > filter.orderGt,
      );
      return { items, next_page_id: next?.id ?? null };
    },
    clear() {
      const count = events.length;
      events.length = 0;
      characters = 0;
      return count;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function matches(event: BashEvent, filter: BashEventFilter, commandId: string | undefined): boolean {
  if (filter.kind !== undefined && event.kind !== filter.kind) return false;
  if (commandId !== undefined && (event.kind !== 'BashOutput' || event.command_id !== commandId))
    return false;
  const time = Date.parse(event.timestamp);
  if (filter.timestampGte !== undefined && time < filter.timestampGte.getTime()) return false;
  if (filter.timestampLt !== undefined && time >= filter.timestampLt.getTime()) return false;
  return true;
}

function normalizeId(id: string): string {
  return id.replace(/-/g, '').toLowerCase();
}

function sizeOf(event: BashEvent): number {
  if (event.kind === 'BashCommand') return event.command.length + 200;
  return (event.stdout?.length ?? 0) + (event.stderr?.length ?? 0) + 200;
}
