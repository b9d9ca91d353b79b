import { isDeepStrictEqual } from 'node:util';
import { lastStateUpdate } from '../../event-facts';
import type { Event, NewEvent } from '../events';
import type { ConversationRecord } from '../store/event-store';

/**
 * The state updates a fork appends so that its log means what its row says. A fork copies events
 * (the whole log, or the path to an event, which may end on a state update), and with them the
 * source's last `execution_status` and `stats`; but a fork is `idle` (nothing runs in it, nothing
 * waits: as a fork from a message, which copies no state update) and, unless asked otherwise, has
 * fresh stats. Without these a client folding the log (the SPA, an upstream client's resend, an
 * export) would read the source's `finished` or its token counts instead. Empty when the copy agrees.
 */
export function forkStateUpdates(
  copied: readonly Event[],
  fork: ConversationRecord,
  ports: { newId(): string; now(): string },
): NewEvent[] {
  const wanted: Record<'execution_status' | 'stats', unknown> = {
    execution_status: fork.execution_status,
    stats: fork.stats,
  };
  const updates: NewEvent[] = [];
  for (const [key, value] of Object.entries(wanted)) {
    const last = lastStateUpdate(copied, key);
    if (!last || isDeepStrictEqual(last.value, value)) continue;
    updates.push({
      kind: 'ConversationStateUpdateEvent',
      id: ports.newId(),
      timestamp: ports.now(),
      source: 'environment',
      key,
      value: structuredClone(value),
    });
  }
  return updates;
}
