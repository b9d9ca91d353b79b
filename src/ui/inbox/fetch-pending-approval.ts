import type { ApiClient } from '../../client/create-api-client';
import { unwrap } from '../api/describe-api-error';
import type { ActionEvent, ConversationInfo, Event } from '../api/wire-types';

export interface PendingApproval {
  info: ConversationInfo;
  actions: ActionEvent[];
  /** The events the actions' decisions are read from (the log's tail). */
  events: Event[];
}

/** The tail read for decisions: an asked batch and its decisions are the last events of a waiting log. */
const TAIL = 100;

/**
 * What a conversation waits on, read without opening it: its info (the runtime's `pending_action_ids`
 * are the truth), the log's tail for the actions and why each was asked, and any pending action the
 * tail does not reach, by id. Throws the API's error.
 */
export async function fetchPendingApproval(client: ApiClient, id: string): Promise<PendingApproval> {
  const path = { path: { id } };
  const info = await unwrap(client.GET('/api/conversations/{id}', { params: path }));
  const page = await unwrap(
    client.GET('/api/conversations/{id}/events/search', {
      params: { ...path, query: { sort_order: 'TIMESTAMP_DESC', limit: TAIL } },
    }),
  );
  const events = [...page.items].reverse();
  const byId = new Map(events.map((event) => [event.id, event]));
  const actions: ActionEvent[] = [];
  for (const actionId of info.pending_action_ids) {
    const event =
      byId.get(actionId) ??
      (await unwrap(
        client.GET('/api/conversations/{id}/events/{event_id}', {
          params: { path: { id, event_id: actionId } },
        }),
      ));
    if (event.kind === 'ActionEvent') actions.push(event);
  }
  return { info, actions, events };
}
