import { StoreError } from './event-store';

/** Which unique constraint a duplicate hit, as the store's error. */
const DUPLICATES: Record<string, StoreError['code']> = {
  conversations_pkey: 'conversation_exists',
  events_unique_id: 'duplicate_event_id',
  events_by_client_message_id: 'duplicate_client_message_id',
};

/**
 * Turns a PostgreSQL failure into the store's errors: a unique violation names what was taken, a
 * missing conversation row (foreign key) is `unknown_conversation`, and a server that cannot be
 * reached, is shutting down, or has no disk left is `io`. The transaction has rolled back by then, so
 * nothing was written. Anything else (a bug in a statement) is rethrown as it is.
 */
export function mapPgError(error: unknown): unknown {
  if (error instanceof StoreError) return error;
  const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
  if (code === '23505' && constraint && DUPLICATES[constraint])
    return new StoreError(DUPLICATES[constraint], message ?? 'duplicate');
  if (code === '23503') return new StoreError('unknown_conversation', message ?? 'unknown conversation');
  if (typeof code === 'string' && isIoCode(code))
    return new StoreError('io', `The database could not be written or read (${code}): ${message}`);
  return error;
}

/** Connection refused/reset (Node codes), and SQLSTATE classes 08 (connection), 53 (resources), 57 (operator), 58 (system). */
function isIoCode(code: string): boolean {
  return (
    code.startsWith('E') ||
    code.startsWith('08') ||
    code.startsWith('53') ||
    code.startsWith('57') ||
    code.startsWith('58')
  );
}
