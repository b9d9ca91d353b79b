import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type ApiClient, createApiClient } from '../../client/create-api-client';

export type { ApiClient };

export interface Api {
  /** Same-origin, authenticated by the HttpOnly awb_session cookie: the page never holds the key. */
  client: ApiClient;
  /** The runtime refused the cookie (401): the person is asked for the key. */
  onUnauthorized: () => void;
}

const ApiContext = createContext<Api | null>(null);

export function ApiProvider({
  onUnauthorized,
  children,
}: {
  onUnauthorized: () => void;
  children: ReactNode;
}) {
  const api = useMemo<Api>(
    () => ({ client: createApiClient({ baseUrl: window.location.origin }), onUnauthorized }),
    [onUnauthorized],
  );
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider'); // a wiring bug, not a runtime condition
  return api;
}
