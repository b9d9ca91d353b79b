/** Where a conversation waits for a run slot, as the API answers it (`run_queue`). */
export interface RunQueuePlace {
  position: number;
}

/** How a waiting run reads: calm words, the place in line only when others are ahead. */
export function runQueueLabel(place: RunQueuePlace): string {
  return place.position <= 1 ? 'Queued, next to start' : `Queued, ${place.position} in line`;
}

/** The short form for the history list, where space is tight. */
export function runQueueShortLabel(place: RunQueuePlace): string {
  return place.position <= 1 ? 'queued' : `queued · ${place.position}`;
}
