import { z } from 'zod';
import type { ServerContext } from '../http/server-context';
import type { ConversationSocketDeps } from './conversation-socket-deps';

const ConversationIdSchema = z.guid();

export interface ConversationSocketServices
  extends Pick<ConversationSocketDeps, 'service' | 'acquireSlot' | 'releaseSlot' | 'onActivity'> {
  /** The path id when it is a UUID; undefined names no conversation. */
  conversationIdOf(id: string): string | undefined;
}

/**
 * What one conversation socket route hands each of its connections. Each route (ours, upstream's)
 * makes its own, so each keeps its own count of sockets per conversation.
 */
export function createConversationSocketServices(
  context: ServerContext,
  maxSocketsPerConversation: number,
): ConversationSocketServices {
  const socketsPerConversation = new Map<string, number>();
  return {
    conversationIdOf: (id) => (ConversationIdSchema.safeParse(id).success ? id : undefined),
    service: () => {
      try {
        return context.service();
      } catch {
        return undefined;
      }
    },
    acquireSlot(conversationId) {
      const count = socketsPerConversation.get(conversationId) ?? 0;
      if (count >= maxSocketsPerConversation) return false;
      socketsPerConversation.set(conversationId, count + 1);
      return true;
    },
    releaseSlot(conversationId) {
      const count = (socketsPerConversation.get(conversationId) ?? 1) - 1;
      if (count <= 0) socketsPerConversation.delete(conversationId);
      else socketsPerConversation.set(conversationId, count);
    },
    onActivity: context.touch,
  };
}
