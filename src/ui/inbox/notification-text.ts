import { plainText } from '../components/plain-text';
import type { AttentionItem } from './attention-items';
import { ATTENTION_LABELS } from './attention-labels';

/**
 * The words of a browser notification for an item: the kind as the title, the conversation or
 * automation as the body. No command goes in it: the dialog shows that with its risk. Pure.
 */
export function notificationText(item: AttentionItem): { title: string; body: string } {
  const count = item.pendingActionIds.length;
  const what =
    item.kind === 'approval' ? ` — ${count} ${count === 1 ? 'action waits' : 'actions wait'} for you` : '';
  // The title is the model's: one plain line, cut so the count after it is always read.
  return { title: ATTENTION_LABELS[item.kind], body: plainText(`${plainText(item.title, 80)}${what}`) };
}
