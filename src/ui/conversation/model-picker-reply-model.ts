import { createContext, useContext } from 'react';
import type { Event } from '../api/wire-types';

/**
 * The model of each agent reply, read from the log: the conversation's `llm` as last recorded (a
 * ConversationStateUpdateEvent) before the reply. Replies older than every recorded change used the
 * model the first change recorded: the picker logs the model in use before its first switch (see
 * POST /api/conversations/{id}/model). A log with no change at all has always used `current`.
 * Only the events loaded so far are read; older pages may hold an earlier change.
 */
export function replyModelReader(
  events: readonly Event[],
  current: string | undefined,
): (seq: number) => string | undefined {
  const changes: { seq: number; model: string }[] = [];
  for (const event of events) {
    if (event.kind !== 'ConversationStateUpdateEvent' || event.key !== 'llm') continue;
    const model = modelOf(event.value);
    if (model) changes.push({ seq: event.seq, model });
  }
  changes.sort((a, b) => a.seq - b.seq);
  return (seq) => {
    if (changes.length === 0) return current || undefined;
    let found = changes[0]?.model;
    for (const change of changes) {
      if (change.seq > seq) break;
      found = change.model;
    }
    return found;
  };
}

function modelOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('model' in value)) return undefined;
  return typeof value.model === 'string' && value.model !== '' ? value.model : undefined;
}

/** The page's reader, for the message bubbles deep in the transcript. */
export const ReplyModelContext = createContext<(seq: number) => string | undefined>(() => undefined);

export function useReplyModel(seq: number): string | undefined {
  return useContext(ReplyModelContext)(seq);
}
