import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand';
import { useApi } from '../api/api-context';
import { ApiError, unwrap } from '../api/describe-api-error';
import { type ConversationConnection, connectConversation } from '../conversation-store/connect-conversation';
import {
  type ConversationStore,
  createConversationStore,
} from '../conversation-store/create-conversation-store';
import { openSessionSocket } from './open-session-socket';

const PAGE_SIZE = 100;

export interface ConversationSession {
  store: StoreApi<ConversationStore>;
  loadOlder: () => Promise<boolean>;
  /** Set while the conversation could not be opened (unknown id, runtime refused or restarting). */
  loadError: ApiError | undefined;
}

/**
 * Creates the conversation's store and keeps it fed for as long as the page shows it: REST for the
 * info and pages of events, the reconnecting socket for everything after.
 */
export function useConversationSession(conversationId: string): ConversationSession {
  const { client } = useApi();
  const [store] = useState(() => createConversationStore(conversationId));
  const [connection, setConnection] = useState<ConversationConnection | undefined>();
  const [loadError, setLoadError] = useState<ApiError | undefined>();

  useEffect(() => {
    const path = { id: conversationId };
    const opened = connectConversation(
      store,
      {
        fetchInfo: () => unwrap(client.GET('/api/conversations/{id}', { params: { path } })),
        fetchEvents: async (beforeSeq) => {
          const page = await unwrap(
            client.GET('/api/conversations/{id}/events/search', {
              params: {
                path,
                query: { before_seq: beforeSeq, sort_order: 'TIMESTAMP_DESC', limit: PAGE_SIZE },
              },
            }),
          );
          return page.items;
        },
        openSocket: (handlers) => openSessionSocket({ conversationId, ...handlers }),
      },
      (error) =>
        setLoadError(
          error === undefined || error instanceof ApiError ? error : new ApiError(String(error), undefined),
        ),
    );
    setConnection(opened);
    return () => opened.close();
  }, [client, conversationId, store]);

  return {
    store,
    loadError,
    loadOlder: connection ? connection.loadOlder : () => Promise.resolve(false),
  };
}

/** Subscribes a component to a slice of the conversation store. */
export function useConversation<T>(
  store: StoreApi<ConversationStore>,
  selector: (state: ConversationStore) => T,
): T {
  return useStore(store, selector);
}
