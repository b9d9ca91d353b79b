import type { ConversationListItem } from './conversation-list-item';

/** What a sidebar row's title and menu do to its conversation; the sidebar supplies them to every row. */
export interface RowHandlers {
  onRename: (conversation: ConversationListItem, title: string) => void;
  onTogglePin: (conversation: ConversationListItem) => void;
  onDelete: (conversation: ConversationListItem) => void;
  onExport: (conversation: ConversationListItem, format: 'md' | 'json') => void;
}
