import { FileJson, FileText, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import type { ConversationListItem } from './conversation-list-item';
import type { RowHandlers } from './row-handlers';
import { PopoverMenu } from './popover-menu';

export function RowMenu({
  anchor,
  conversation,
  onRename,
  handlers,
  onClose,
}: {
  anchor: HTMLElement;
  conversation: ConversationListItem;
  onRename: () => void;
  handlers: RowHandlers;
  onClose: () => void;
}) {
  return (
    <PopoverMenu
      anchor={anchor}
      label={`Actions for ${conversation.title || 'Untitled'}`}
      onClose={onClose}
      entries={[
        { type: 'item', key: 'rename', label: 'Rename', icon: <Pencil size={14} />, onSelect: onRename },
        {
          type: 'item',
          key: 'pin',
          label: conversation.pinned ? 'Unpin' : 'Pin',
          icon: conversation.pinned ? <PinOff size={14} /> : <Pin size={14} />,
          onSelect: () => handlers.onTogglePin(conversation),
        },
        { type: 'separator', key: 'separator-export' },
        {
          type: 'item',
          key: 'export-md',
          label: 'Export as Markdown',
          icon: <FileText size={14} />,
          onSelect: () => handlers.onExport(conversation, 'md'),
        },
        {
          type: 'item',
          key: 'export-json',
          label: 'Export as JSON',
          icon: <FileJson size={14} />,
          onSelect: () => handlers.onExport(conversation, 'json'),
        },
        { type: 'separator', key: 'separator-delete' },
        {
          type: 'item',
          key: 'delete',
          label: 'Delete…',
          icon: <Trash2 size={14} />,
          danger: true,
          onSelect: () => handlers.onDelete(conversation),
        },
      ]}
    />
  );
}
