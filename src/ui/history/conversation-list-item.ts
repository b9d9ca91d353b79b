import type { components } from '../../client/schema';

/** One row of GET /api/conversations/search: a ConversationInfo, plus `match` when the list was searched. */
export type ConversationListItem = components['schemas']['ConversationSearchItem'];

/** One page of GET /api/conversations/search. */
export interface ConversationPage {
  items: ConversationListItem[];
  next_page_id: string | null;
}

export type ExecutionStatus = ConversationListItem['execution_status'];

/** The list orders the sidebar offers: newest activity, or newest created. */
export type ListSort = 'UPDATED_AT_DESC' | 'CREATED_AT_DESC';

/** What the sidebar list shows: its order and an optional status filter. */
export interface ListView {
  sort: ListSort;
  status: ExecutionStatus | undefined;
}

export const DEFAULT_LIST_VIEW: ListView = { sort: 'UPDATED_AT_DESC', status: undefined };
