import type { Automation } from '../../client/automation-types';
import type { ConversationInfo, ExecutionStatus } from '../api/wire-types';
import type { SeenState } from '../stores/inbox-seen-store';

/** What an inbox entry asks of the person. */
export type AttentionKind = 'approval' | 'finished' | 'failed' | 'stuck' | 'paused' | 'run_failed';

export interface AttentionItem {
  /** Stable per thing: `conversation:<id>` or `run:<id>`. */
  key: string;
  kind: AttentionKind;
  title: string;
  /** When it happened (ISO 8601), for ordering and "2 min ago". */
  at: string;
  conversationId?: string;
  /** Where opening it goes: the conversation, or the automation of a failed run. */
  href: string;
  /** Actions waiting, for an approval. */
  pendingActionIds: readonly string[];
  /** Why a run failed, in the service's words. */
  detail?: string;
  /** What "seen" records for it: a conversation's last_seq (it can end again later), 0 for a run. */
  marker: number;
}

export interface AttentionSources {
  /** Conversations the runtime lists as waiting_for_confirmation. */
  waiting: readonly ConversationInfo[];
  /** The most recently updated conversations, whatever their status. */
  recent: readonly ConversationInfo[];
  automations: readonly Automation[];
  /** The conversation on screen: its ends are seen as they happen. */
  openConversationId?: string | undefined;
}

const ENDED: Partial<Record<ExecutionStatus, AttentionKind>> = {
  finished: 'finished',
  error: 'failed',
  stuck: 'stuck',
  paused: 'paused',
};

/**
 * Everything that needs the person, approvals first, then newest first. Approvals come from the
 * runtime's pending actions and stay until answered, seen or not. A run that ended (finished,
 * failed, stuck, paused: a budget pause is a pause) stays until its conversation is opened at or
 * after that point; one that ended before this browser kept track (`since`) is not news. Pure.
 */
export function attentionItems(sources: AttentionSources, seen: SeenState): AttentionItem[] {
  const approvals = new Map<string, AttentionItem>();
  for (const info of [...sources.waiting, ...sources.recent]) {
    if (info.execution_status !== 'waiting_for_confirmation' || info.pending_action_ids.length === 0)
      continue;
    approvals.set(info.id, conversationItem(info, 'approval'));
  }
  const others: AttentionItem[] = [];
  for (const info of sources.recent) {
    const kind = ENDED[info.execution_status];
    if (!kind || info.id === sources.openConversationId || !after(info.updated_at, seen.since)) continue;
    const item = conversationItem(info, kind);
    if (!isSeen(item, seen)) others.push(item);
  }
  for (const automation of sources.automations) {
    const run = automation.last_run;
    if (run?.status !== 'failed' || !after(run.created_at, seen.since)) continue;
    const item: AttentionItem = {
      key: `run:${run.id}`,
      kind: 'run_failed',
      title: automation.name,
      at: run.created_at,
      href: `/automations/${automation.id}`,
      pendingActionIds: [],
      marker: 0,
      ...(run.reason ? { detail: run.reason } : {}),
    };
    if (!isSeen(item, seen)) others.push(item);
  }
  const newestFirst = (a: AttentionItem, b: AttentionItem) => Date.parse(b.at) - Date.parse(a.at);
  return [...[...approvals.values()].sort(newestFirst), ...others.sort(newestFirst)];
}

/** Instants compared as times, not text: "…:00Z" and "…:00.000Z" are the same moment. */
function after(instant: string, since: string): boolean {
  return Date.parse(instant) > Date.parse(since);
}

export function isSeen(item: AttentionItem, seen: SeenState): boolean {
  const marker = seen.seen[item.key];
  return marker !== undefined && marker >= item.marker;
}

function conversationItem(info: ConversationInfo, kind: AttentionKind): AttentionItem {
  return {
    key: `conversation:${info.id}`,
    kind,
    title: info.title,
    at: info.updated_at,
    conversationId: info.id,
    href: `/conversations/${info.id}`,
    pendingActionIds: kind === 'approval' ? info.pending_action_ids : [],
    marker: info.last_seq,
  };
}
