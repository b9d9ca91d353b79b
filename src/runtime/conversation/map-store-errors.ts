import { StoreError } from '../store/event-store';
import { RuntimeError } from '../errors/runtime-error';

/** Runs a store action, answering its unknown conversation or event as the service's own errors. */
export async function mapStoreErrors<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof StoreError && error.code === 'unknown_conversation')
      throw new RuntimeError('conversation_not_found');
    if (error instanceof StoreError && (error.code === 'unknown_event' || error.code === 'unknown_parent')) {
      throw new RuntimeError('event_not_found');
    }
    throw error;
  }
}
