import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import { newClientMessageId } from '../api/new-client-message-id';
import { CONVERSATIONS_QUERY_KEY } from '../api/use-recent-conversations';
import { browserMessageIo } from '../attachments/attachment-io';
import { buildMessage, messageContent } from '../attachments/build-message';
import type { usePendingAttachments } from '../attachments/use-pending-attachments';

/** What the start screen sends: the task and the folder typed (empty for the default workspace). */
export interface NewConversationInput {
  text: string;
  workingDir: string;
}

/**
 * Starts a conversation with the task as its first message, running, and opens it. Its error stays
 * in the mutation for the page to show. `settingsWorkspace` is where attachments go when no folder
 * was typed.
 */
export function useCreateConversation(
  attach: ReturnType<typeof usePendingAttachments>,
  settingsWorkspace: string | undefined,
) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  /**
   * With attachments the conversation is made first and the message sent after: the files go into
   * its workspace, and a message with images is larger than a creation request may be.
   */
  const createWithAttachments = async (input: NewConversationInput) => {
    const workingDir = input.workingDir || settingsWorkspace;
    const message = await buildMessage(input.text, attach.items, workingDir, browserMessageIo);
    const info = await unwrap(
      client.POST('/api/conversations', {
        body: { workspace: workingDir ? { working_dir: workingDir } : undefined },
      }),
    );
    await unwrap(
      client.POST('/api/conversations/{id}/events', {
        params: { path: { id: info.id } },
        body: {
          role: 'user',
          content: messageContent(message),
          run: true,
          client_message_id: newClientMessageId(),
        },
      }),
    );
    attach.clear();
    return info;
  };

  return useMutation({
    mutationFn: async (input: NewConversationInput) => {
      if (attach.items.length > 0) return createWithAttachments(input);
      return unwrap(
        client.POST('/api/conversations', {
          body: {
            workspace: input.workingDir ? { working_dir: input.workingDir } : undefined,
            initial_message: {
              role: 'user',
              content: [{ type: 'text', text: input.text }],
              run: true,
              client_message_id: newClientMessageId(),
            },
          },
        }),
      );
    },
    onSuccess: (info) => {
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
      navigate(`/conversations/${info.id}`);
    },
  });
}
