import type { operations } from '../../client/schema';
import type { ApiClient } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import type { ConversationPage } from './conversation-list-item';

export type ConversationSearchQuery = NonNullable<operations['searchConversations']['parameters']['query']>;

/** One page of GET /api/conversations/search; a failure throws an ApiError with the runtime's own words. */
export function fetchConversationPage(
  client: ApiClient,
  query: ConversationSearchQuery,
  signal?: AbortSignal,
): Promise<ConversationPage> {
  return unwrap(client.GET('/api/conversations/search', { params: { query }, signal }));
}
