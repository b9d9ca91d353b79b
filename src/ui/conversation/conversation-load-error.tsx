import { CircleExclamationPoint, LoaderCircle } from 'lucide-react';
import type { ApiError } from '../api/describe-api-error';
import { isTransientApiError } from '../api/transient-api-error';

/** The page in place of a conversation that did not load: still trying, not found, or refused. */
export function ConversationLoadError({ error }: { error: ApiError }) {
  if (isTransientApiError(error)) {
    // Retried with backoff by the session: the page fills in by itself once the runtime answers.
    return (
      <div className="empty-page" role="status">
        <LoaderCircle size={22} className="spin" aria-hidden />
        <h1>Waiting for the runtime…</h1>
        <p>{error.message}. This conversation opens as soon as it answers.</p>
      </div>
    );
  }
  return (
    <div className="empty-page" role="alert">
      <CircleExclamationPoint size={22} aria-hidden />
      <h1>{error.status === 404 ? 'Conversation not found' : 'Could not open this conversation'}</h1>
      <p>{error.status === 404 ? 'It may have been deleted.' : error.message}</p>
    </div>
  );
}
