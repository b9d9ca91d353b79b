import type { ActionEvent, Condensation, Event } from '../events';
import { enforceViewIntegrity } from './enforce-view-integrity';
import { type CondensationSummary, isLLMVisible, type LLMVisibleEvent, type ViewItem } from './view-item';

export type { CondensationSummary, LLMVisibleEvent, ViewItem } from './view-item';

/**
 * What the model sees of the active branch: its LLM-visible events minus those condensations forgot,
 * the latest summary at its offset, and only whole tool-call batches with their answers.
 * `items` is the projection; the other fields are the state extendView needs to stay equal to
 * buildView of the longer branch. Views are immutable values.
 */
export interface View {
  items: ViewItem[];
  /** Visible, not forgotten events in log order, before integrity enforcement. */
  readonly entries: readonly LLMVisibleEvent[];
  /** llm_response_id -> every action id that response produced on this branch. */
  readonly batches: ReadonlyMap<string, readonly string[]>;
  readonly summary: { item: CondensationSummary; offset: number } | null;
  /**
   * How the enforced items stand to `entries`, so the common appends skip a pass over the branch:
   * `clean` when nothing was dropped, `pending` when only the last entry was (an action alone in its
   * batch, waiting for its answer), `mixed` otherwise. A function of the other fields.
   */
  readonly tail: ViewTail;
  /**
   * Set when this view grew from `view` with no pass over the branch: its items are that view's, then
   * `appended` (none: the same items). What is derived from a view's items (the model's messages) can
   * grow the same way. Held weakly, so a view never keeps its ancestors alive.
   */
  readonly grownFrom?: { view: WeakRef<View>; appended: readonly ViewItem[] };
}

export type ViewTail = { kind: 'clean' } | { kind: 'pending'; action: ActionEvent } | { kind: 'mixed' };

export const EMPTY_VIEW: View = {
  items: [],
  entries: [],
  batches: new Map(),
  summary: null,
  tail: { kind: 'clean' },
};

/** Rebuilds the view from a whole branch (root first), e.g. on load, fork or navigate. One pass. */
export function buildView(branch: readonly Event[]): View {
  let entries: LLMVisibleEvent[] = [];
  const batches = new Map<string, string[]>();
  let summary: View['summary'] = null;
  for (const event of branch) {
    if (event.kind === 'Condensation') {
      entries = forget(entries, event);
      summary = summaryOf(event) ?? summary;
    } else if (blockedMessageId(event) !== undefined) {
      entries = entries.filter((entry) => entry.id !== blockedMessageId(event));
    } else if (isLLMVisible(event)) {
      entries.push(event);
      if (event.kind === 'ActionEvent') addToBatch(batches, event.llm_response_id, event.id);
    }
  }
  return project(entries, batches, summary);
}

/** The view after one more event appended to the same branch: equal to buildView([...branch, event]). */
export function extendView(view: View, event: Event): View {
  if (event.kind === 'Condensation') {
    return project(forget(view.entries, event), view.batches, summaryOf(event) ?? view.summary);
  }
  const blocked = blockedMessageId(event);
  if (blocked !== undefined) {
    return project(
      view.entries.filter((entry) => entry.id !== blocked),
      view.batches,
      view.summary,
    );
  }
  if (!isLLMVisible(event)) return view;
  const entries = [...view.entries, event];
  if (event.kind === 'MessageEvent' || event.kind === 'SystemPromptEvent') {
    // Integrity rules concern tool calls only, so a message just joins the enforced items.
    const tail: ViewTail = view.tail.kind === 'clean' ? view.tail : { kind: 'mixed' };
    return withSummary([...enforcedOf(view), event], entries, view.batches, view.summary, tail);
  }
  let batches = view.batches;
  if (event.kind === 'ActionEvent') {
    const copy = new Map(view.batches);
    addToBatch(copy, event.llm_response_id, event.id);
    batches = copy;
    // Alone in its batch after a clean view: it waits for its answer and nothing else moves.
    if (view.tail.kind === 'clean' && copy.get(event.llm_response_id)?.length === 1)
      return {
        ...withSummary(enforcedOf(view), entries, batches, view.summary, { kind: 'pending', action: event }),
        grownFrom: { view: new WeakRef(view), appended: [] },
      };
  }
  // The answer to the one action waiting at the end: both join, and the view is clean again.
  if (
    view.tail.kind === 'pending' &&
    view.entries.at(-1) === view.tail.action &&
    answers(event, view.tail.action)
  ) {
    const enforced = enforcedOf(view);
    const grown = withSummary([...enforced, view.tail.action, event], entries, batches, view.summary, {
      kind: 'clean',
    });
    // A summary placed past the end moves with it: the items are then not the old ones plus two.
    if (view.summary && view.summary.offset > enforced.length) return grown;
    return { ...grown, grownFrom: { view: new WeakRef(view), appended: [view.tail.action, event] } };
  }
  return project(entries, batches, view.summary);
}

/** The enforced items of a view, without the summary placed among them. */
function enforcedOf(view: View): LLMVisibleEvent[] {
  const summaryItem = view.summary?.item;
  return view.items.filter((item): item is LLMVisibleEvent => item !== summaryItem);
}

/** Whether `event` answers `action` when that is the only action still waiting (pairAnswers' rule). */
function answers(event: LLMVisibleEvent, action: ActionEvent): boolean {
  if (event.kind === 'ObservationEvent' || event.kind === 'UserRejectObservation')
    return event.action_id === action.id;
  return event.kind === 'AgentErrorEvent' && event.tool_call_id === action.tool_call_id;
}

/** A person's message a UserPromptSubmit hook blocked: the model never reads it. */
function blockedMessageId(event: Event): string | undefined {
  return event.kind === 'HookExecutionEvent' && event.hook_event_type === 'UserPromptSubmit' && event.blocked
    ? event.message_id
    : undefined;
}

function forget(entries: readonly LLMVisibleEvent[], condensation: Condensation): LLMVisibleEvent[] {
  const forgotten = new Set(condensation.forgotten_event_ids);
  return entries.filter((entry) => !forgotten.has(entry.id));
}

/** A condensation without a summary leaves the previous summary standing: it still describes what was forgotten. */
function summaryOf(condensation: Condensation): View['summary'] {
  if (condensation.summary === undefined) return null;
  return {
    item: { kind: 'CondensationSummary', id: condensation.id, summary: condensation.summary },
    offset: condensation.summary_offset ?? 0,
  };
}

function addToBatch(batches: Map<string, readonly string[]>, responseId: string, actionId: string): void {
  batches.set(responseId, [...(batches.get(responseId) ?? []), actionId]);
}

function project(
  entries: LLMVisibleEvent[],
  batches: ReadonlyMap<string, readonly string[]>,
  summary: View['summary'],
): View {
  const enforced = enforceViewIntegrity(entries, batches);
  return withSummary(enforced, entries, batches, summary, tailOf(entries, enforced, batches));
}

function tailOf(
  entries: readonly LLMVisibleEvent[],
  enforced: readonly LLMVisibleEvent[],
  batches: ReadonlyMap<string, readonly string[]>,
): ViewTail {
  if (enforced.length === entries.length) return { kind: 'clean' };
  const last = entries.at(-1);
  if (
    last?.kind === 'ActionEvent' &&
    enforced.length === entries.length - 1 &&
    enforced.at(-1) !== last &&
    batches.get(last.llm_response_id)?.length === 1
  )
    return { kind: 'pending', action: last };
  return { kind: 'mixed' };
}

function withSummary(
  enforced: ViewItem[],
  entries: LLMVisibleEvent[],
  batches: ReadonlyMap<string, readonly string[]>,
  summary: View['summary'],
  tail: ViewTail,
): View {
  if (summary) enforced.splice(Math.min(summary.offset, enforced.length), 0, summary.item);
  return { items: enforced, entries, batches, summary, tail };
}
