import type { Event } from '../events';

/**
 * The checkpoint holding the files as they were right after `forkPoint` (null: before the first
 * event): the first one recorded at or after it on its line of descent — the fork point's own step
 * (an action's checkpoint is the state before it ran; a restore's target, the state after it), else the next step or restore that follows it
 * on any branch (a restore's backup is the state before it). Undefined when none was recorded since:
 * the workspace as it is now is the fork point's state then, as far as the log knows.
 */
export function checkpointAtForkPoint(
  events: readonly Event[],
  forkPoint: string | null,
): string | undefined {
  const parentOf = new Map(events.map((event) => [event.id, event.parent_id ?? null]));
  const descends = (event: Event): boolean => {
    if (forkPoint === null) return true;
    let current: string | null = event.id;
    const seen = new Set<string>();
    while (current !== null && !seen.has(current)) {
      if (current === forkPoint) return true;
      seen.add(current);
      current = parentOf.get(current) ?? null;
    }
    return false;
  };
  const own = events.find((event) => event.id === forkPoint);
  if (own?.kind === 'FilesRestoredEvent') return own.checkpoint_id;
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  for (const event of ordered) {
    const checkpoint =
      event.kind === 'ActionEvent'
        ? event.checkpoint_id
        : event.kind === 'FilesRestoredEvent'
          ? event.backup_checkpoint_id
          : undefined;
    if (checkpoint && descends(event)) return checkpoint;
  }
  return undefined;
}

/** True when any step or restore of the log recorded a checkpoint. */
export function hasCheckpoints(events: readonly Event[]): boolean {
  return events.some(
    (event) =>
      (event.kind === 'ActionEvent' && event.checkpoint_id !== undefined) ||
      event.kind === 'FilesRestoredEvent',
  );
}
