import type { Event } from '../api/wire-types';

/**
 * The events the transcript shows: the path from the root to the leaf (the runtime's active branch,
 * which is also what the model reads and what the export holds), plus every state update (they hang
 * off the branch without being part of it, and the status they carry is the conversation's).
 * `branchPoints` are the ids of events on the path where another, abandoned branch continues
 * (POST …/navigate to an earlier event, then a new message).
 */
export interface ActiveBranch {
  branch: readonly Event[];
  branchPoints: ReadonlySet<string>;
}

/** The leaf once `event` is appended: the event itself; a state update does not move it. */
export function leafAfter(event: Event): string | null {
  return event.kind === 'ConversationStateUpdateEvent' ? (event.parent_id ?? null) : event.id;
}

/**
 * Walks the parent links from `leafId` over the held, seq-sorted events: O(n), no quadratic search.
 * When older events are not loaded yet, the walk stops at the edge of the held window (a parent always
 * has a smaller seq, so the rest of the path is among the older pages).
 */
export function activeBranch(events: readonly Event[], leafId: string | null): ActiveBranch {
  // One pass from the newest event back: a parent is always older than its child.
  const onPath = new Set<string>();
  let wanted: string | undefined = leafId ?? undefined;
  for (let index = events.length - 1; index >= 0 && wanted !== undefined; index--) {
    const event = events[index];
    if (event?.id !== wanted) continue;
    onPath.add(wanted);
    wanted = event.parent_id;
  }
  const branch: Event[] = [];
  const branchPoints = new Set<string>();
  for (const event of events) {
    const stateUpdate = event.kind === 'ConversationStateUpdateEvent';
    if (stateUpdate || onPath.has(event.id)) branch.push(event);
    else if (event.parent_id !== undefined && onPath.has(event.parent_id)) branchPoints.add(event.parent_id);
  }
  return { branch, branchPoints };
}

/**
 * The common case in O(k): `appended` (newer than everything held, seq-sorted) all hang off the leaf
 * in turn, so they simply extend the branch. Undefined when they do not (a navigate happened, or the
 * result would not end at `leafId`): the caller walks the log again.
 */
export function extendActiveBranch(
  previous: ActiveBranch,
  previousLeaf: string | null,
  appended: readonly Event[],
  leafId: string | null,
): ActiveBranch | undefined {
  let tip = previousLeaf;
  for (const event of appended) {
    if ((event.parent_id ?? null) !== tip) return undefined;
    tip = leafAfter(event);
  }
  if (tip !== leafId) return undefined;
  return { branch: [...previous.branch, ...appended], branchPoints: previous.branchPoints };
}
