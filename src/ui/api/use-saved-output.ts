import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context';
import { unwrap } from './describe-api-error';

/** GET /api/conversations/{id}/outputs: the saved full text of a tool output cut for the model. */
export type SavedOutput = {
  /** The path as asked for (the observation's `full_output_path`). */
  path: string;
  /** The saved file's size in bytes. */
  size: number;
  /** Its text, known secrets masked; the first 20 MiB when `truncated`. */
  content: string;
  truncated: boolean;
};

/** The full text behind a cut output; fetched only while `enabled` (the viewer is open). */
export function useSavedOutput(conversationId: string, path: string, enabled = true) {
  const { client } = useApi();
  return useQuery({
    queryKey: ['conversation', conversationId, 'saved-output', path],
    queryFn: async (): Promise<SavedOutput> =>
      unwrap(
        client.GET('/api/conversations/{id}/outputs', {
          params: { path: { id: conversationId }, query: { path } },
        }),
      ),
    enabled,
    // A saved output never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
