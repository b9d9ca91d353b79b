import { isStateUpdate, type RuleEvent } from './rule-events';

/**
 * A conversation is a tree: every event names its parent, and the conversation's leaf says which
 * branch is active. The active branch is the path from the root to the leaf (what the model reads,
 * what a fork or an export copies); the UI shows it plus every state update, which hang off the
 * branch without being part of it. `branchPoints` are events on the path where another, abandoned
 * branch continues (a navigate to an earlier event, then a new message).
 */
export interface ActiveBranch<E> {
  branch: readonly E[];
  branchPoints: ReadonlySet<string>;
}

/** The leaf once `event` is appended: the event itself; a state update does not move it. */
export function leafAfter(event: RuleEvent): string | null {
  return event.kind === 'ConversationStateUpdateEvent' ? (event.parent_id ?? null) : event.id;
}

/**
 * The ids on the path from `leafId` to the root, over events in log order (a parent always comes
 * before its child). One pass from the newest event back: O(n). When older events are not among
 * them (a page not loaded yet), the path stops at the edge of what is held.
 */
export function pathIds(events: readonly RuleEvent[], leafId: string | null): Set<string> {
  const onPath = new Set<string>();
  let wanted: string | undefined = leafId ?? undefined;
  for (let index = events.length - 1; index >= 0 && wanted !== undefined; index--) {
    const event = events[index];
    if (event?.id !== wanted) continue;
    onPath.add(wanted);
    wanted = event.parent_id ?? undefined;
  }
  return onPath;
}

/** The path from the root to `leafId`, root first; empty when the leaf is null. */
export function pathToLeaf<E extends RuleEvent>(events: readonly E[], leafId: string | null): E[] {
  const onPath = pathIds(events, leafId);
  return events.filter((event) => onPath.has(event.id));
}

/** The path to `leafId` plus every state update, and the branch points along the path. */
export function activeBranch<E extends RuleEvent>(
  events: readonly E[],
  leafId: string | null,
): ActiveBranch<E> {
  const onPath = pathIds(events, leafId);
  const branch: E[] = [];
  const branchPoints = new Set<string>();
  for (const event of events) {
    if (isStateUpdate(event) || onPath.has(event.id)) branch.push(event);
    else if (event.parent_id != null && onPath.has(event.parent_id)) branchPoints.add(event.parent_id);
  }
  return { branch, branchPoints };
}

/**
 * The common case in O(k): `appended` (newer than everything held, in log order) all hang off the
 * leaf in turn, so they simply extend the branch. Undefined when they do not (a navigate happened, or
 * the result would not end at `leafId`): the caller walks the log again.
 */
export function extendActiveBranch<E extends RuleEvent>(
  previous: ActiveBranch<E>,
  previousLeaf: string | null,
  appended: readonly E[],
  leafId: string | null,
): ActiveBranch<E> | undefined {
  let tip = previousLeaf;
  for (const event of appended) {
    if ((event.parent_id ?? null) !== tip) return undefined;
    tip = leafAfter(event);
  }
  if (tip !== leafId) return undefined;
  return { branch: [...previous.branch, ...appended], branchPoints: previous.branchPoints };
}
