import type { Event } from '../../../runtime/events';
import type { SeqRange } from '../../../runtime/store/event-store';

/**
 * The ids of what an upstream client, which knows no branches, sees as the conversation, among events
 * with seq ≤ `throughSeq`: the path root → `leafId`, plus the ConversationStateUpdateEvents hanging
 * off that path (a state change never moves the leaf, so it is a side leaf of the event that was the
 * leaf when it happened). Reads the log page by page and keeps only ids and parents.
 */
export async function activeBranchIds(
  readEvents: (range: SeqRange) => Promise<Event[]>,
  leafId: string | null,
  throughSeq: number,
  pageSize: number,
): Promise<Set<string>> {
  const parents = new Map<string, string | undefined>();
  const stateUpdates: { id: string; parent: string | undefined }[] = [];
  let afterSeq = -1;
  while (afterSeq < throughSeq) {
    const page = await readEvents({ afterSeq, beforeSeq: throughSeq + 1, limit: pageSize });
    if (page.length === 0) break;
    for (const event of page) {
      if (event.kind === 'ConversationStateUpdateEvent')
        stateUpdates.push({ id: event.id, parent: event.parent_id });
      else parents.set(event.id, event.parent_id);
    }
    afterSeq = page.at(-1)?.seq ?? throughSeq;
  }
  const onBranch = new Set<string>();
  // Walk up from the leaf; the set check also ends a (corrupt) cycle.
  for (
    let id: string | undefined = leafId ?? undefined;
    id !== undefined && parents.has(id) && !onBranch.has(id);
  ) {
    onBranch.add(id);
    id = parents.get(id);
  }
  const path = new Set(onBranch);
  for (const update of stateUpdates) {
    if (update.parent === undefined || path.has(update.parent)) onBranch.add(update.id);
  }
  return onBranch;
}
