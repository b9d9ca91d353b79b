import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from './api-context';
import { ApiError, unwrap } from './describe-api-error';

export const SETTINGS_QUERY_KEY = ['settings'] as const;

/** GET /api/settings (never contains the API key itself, only whether one is set). */
export function useSettings() {
  const { client, onUnauthorized } = useApi();
  const query = useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => unwrap(client.GET('/api/settings', { signal })),
  });
  useEffect(() => {
    if (query.error instanceof ApiError && query.error.status === 401) onUnauthorized();
  }, [query.error, onUnauthorized]);
  return query;
}
