import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreApi } from 'zustand';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { newClientMessageId } from '../api/new-client-message-id';
import { CONVERSATIONS_QUERY_KEY } from '../api/use-recent-conversations';
import type { ConfirmationPolicy } from '../api/wire-types';
import { messageContent, type OutgoingMessage } from '../attachments/build-message';
import type { ForkFiles } from '../changes/checkpoint-types';
import type { ConversationStore } from '../conversation-store/create-conversation-store';
import { type ConfirmationRequest, confirmationBody } from './approval-answers';

/**
 * Every command a person can give an open conversation, as react-query mutations (each has its own
 * pending and error state for immediate feedback). Their effects come back as durable events over
 * the socket; only sent messages are shown ahead of that, optimistically.
 */
export function useConversationCommands(conversationId: string, store: StoreApi<ConversationStore>) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const path = { params: { path: { id: conversationId } } };
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });

  const pause = useMutation({
    mutationFn: () => unwrap(client.POST('/api/conversations/{id}/pause', { ...path, body: {} })),
  });
  const interrupt = useMutation({
    mutationFn: () => unwrap(client.POST('/api/conversations/{id}/interrupt', { ...path, body: {} })),
  });
  const run = useMutation({
    mutationFn: () => unwrap(client.POST('/api/conversations/{id}/run', { ...path, body: {} })),
    // A run may have joined the run queue instead of starting (no event says so): read the info again.
    onSuccess: () => {
      refreshList();
      void unwrap(client.GET('/api/conversations/{id}', path)).then((fresh) =>
        store.getState().receiveInfo(fresh),
      );
    },
  });
  const setPolicy = useMutation({
    mutationFn: (policy: ConfirmationPolicy) =>
      unwrap(client.POST('/api/conversations/{id}/confirmation_policy', { ...path, body: { policy } })),
  });
  const setNetwork = useMutation({
    mutationFn: (networkAccess: boolean) =>
      unwrap(client.PATCH('/api/conversations/{id}', { ...path, body: { network_access: networkAccess } })),
  });
  const respond = useMutation({
    mutationFn: (answer: ConfirmationRequest) =>
      unwrap(
        client.POST('/api/conversations/{id}/events/respond_to_confirmation', {
          ...path,
          body: confirmationBody(answer),
        }),
      ),
  });
  const fork = useMutation({
    mutationFn: ({ fromEventId, files }: { fromEventId: string | undefined; files?: ForkFiles }) =>
      unwrap(
        client.POST('/api/conversations/{id}/fork', {
          ...path,
          body: { from_event_id: fromEventId, ...(files ? { files } : {}) },
        }),
      ),
    onSuccess: refreshList,
  });
  const send = useMutation({
    // A string, or text with images (data URLs) from the composer's attachments.
    mutationFn: async (message: string | OutgoingMessage) => {
      const { text, images } = typeof message === 'string' ? { text: message, images: [] } : message;
      const clientMessageId = newClientMessageId();
      store.getState().addOptimisticMessage(clientMessageId, text);
      try {
        await unwrap(
          client.POST('/api/conversations/{id}/events', {
            ...path,
            body: {
              role: 'user',
              content: messageContent({ text, images }),
              run: true,
              client_message_id: clientMessageId,
            },
          }),
        );
      } catch (error) {
        store
          .getState()
          .failOptimisticMessage(clientMessageId, error instanceof Error ? error.message : String(error));
        throw error;
      }
    },
    onSuccess: refreshList,
  });
  return { pause, interrupt, run, setPolicy, setNetwork, respond, fork, send };
}

export type ConversationCommands = ReturnType<typeof useConversationCommands>;
