import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';

export const SAVED_SECRETS_QUERY_KEY = ['saved-secrets'] as const;

/** GET /api/secrets: names, descriptions and times only; no answer ever carries a value. */
export function useSavedSecrets() {
  const { client } = useApi();
  return useQuery({
    queryKey: SAVED_SECRETS_QUERY_KEY,
    queryFn: async ({ signal }) => (await unwrap(client.GET('/api/secrets', { signal }))).items,
  });
}
