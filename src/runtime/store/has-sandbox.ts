import { storedSandbox } from '../sandbox/sandbox-kind';
import type { ConversationFilter, ConversationRecord } from './event-store';

/** Whether a conversation passes a `sandbox` filter (see ConversationFilter.sandbox). */
export function hasSandbox(
  record: Pick<ConversationRecord, 'sandbox'>,
  sandbox: ConversationFilter['sandbox'],
): boolean {
  return sandbox === undefined || storedSandbox(record.sandbox).kind === sandbox;
}
