import { useQuery } from '@tanstack/react-query';
import { useApi } from './api-context';
import { unwrap } from './describe-api-error';

export const PROVIDER_MODELS_QUERY_KEY = ['provider-models'] as const;

/**
 * GET /api/settings/models: the models the settings' provider lists (asked when first needed, kept a
 * minute), or `free_text` with the reason when it has no list. Every model picker reads this one list.
 */
export function useProviderModels() {
  const { client } = useApi();
  return useQuery({
    queryKey: PROVIDER_MODELS_QUERY_KEY,
    queryFn: () => unwrap(client.GET('/api/settings/models')),
    staleTime: 60_000,
  });
}
