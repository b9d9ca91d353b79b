import { InboxApproval } from './inbox-approval';
import { InboxDialog } from './inbox-dialog';
import { useInboxDialog } from './inbox-dialog-store';
import { useAttention } from './use-attention';
import { useAttentionNotifications } from './use-attention-notifications';
import { useDocumentTitleCount } from './use-document-title-count';
import { useInboxKey } from './use-inbox-key';

/**
 * Mounted once by the shell: keeps the tab title's count and the notifications current, opens the inbox
 * on `i`, and shows the inbox or an approval opened from it.
 */
export function InboxHost() {
  const { items, loaded } = useAttention();
  useDocumentTitleCount(items.length);
  useAttentionNotifications(items, loaded);
  useInboxKey();
  const { open, reviewing } = useInboxDialog();
  if (!open) return null;
  return reviewing ? <InboxApproval conversationId={reviewing} /> : <InboxDialog items={items} />;
}
