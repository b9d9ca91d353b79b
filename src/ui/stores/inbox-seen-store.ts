import { create } from 'zustand';

const STORAGE_KEY = 'awb.inbox-seen';
/** Enough for months of runs; the oldest marks go first (an item that old is not news anyway). */
const MAX_MARKS = 500;

/** Seen markers per item key, and the instant this browser began keeping them. */
export interface SeenState {
  since: string;
  seen: Readonly<Record<string, number>>;
}

interface InboxSeenStore extends SeenState {
  /** The person opened this item at `marker` (a conversation's last_seq; 0 for a run). */
  markSeen(key: string, marker: number): void;
}

/**
 * What this browser has seen in the inbox, kept in localStorage so a reload loses nothing. The
 * runtime stays the source of truth for what is waiting and what ended; only "seen" is per browser.
 * `since` is written on first use: what ended before then is not news to anyone here.
 */
export const useInboxSeen = create<InboxSeenStore>()((set, get) => ({
  ...loadSeen(),
  markSeen(key, marker) {
    const current = get().seen[key];
    if (current !== undefined && current >= marker) return;
    const { [key]: _replaced, ...others } = get().seen;
    const seen = Object.fromEntries([...Object.entries(others), [key, marker]].slice(-MAX_MARKS));
    set({ seen });
    saveSeen({ since: get().since, seen });
  },
}));

function loadSeen(): SeenState {
  const stored = readStored();
  if (stored) return stored;
  const fresh = { since: new Date().toISOString(), seen: {} };
  saveSeen(fresh);
  return fresh;
}

function readStored(): SeenState | undefined {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { since, seen } = parsed as Record<string, unknown>;
    if (typeof since !== 'string' || typeof seen !== 'object' || seen === null) return undefined;
    const marks = Object.entries(seen).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    );
    return { since, seen: Object.fromEntries(marks) };
  } catch {
    return undefined; // storage blocked or garbled: start afresh rather than break the page
  }
}

function saveSeen(state: SeenState): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked (private mode): the inbox still works for this tab.
  }
}
