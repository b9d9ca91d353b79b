import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type ApiClient, createApiClient } from '../../client/create-api-client';

export type { ApiClient };

export interface Api {
  client: ApiClient;
  /** Needed by the session socket, which authenticates with its first frame. */
  sessionKey: string;
  /** The launcher's --workspace when the ingress injected it. */
  defaultWorkspace: string | undefined;
  /** The runtime refused the key (401): with --public, the person is asked again. */
  onUnauthorized: () => void;
}

const ApiContext = createContext<Api | null>(null);

export function ApiProvider({
  sessionKey,
  defaultWorkspace,
  onUnauthorized,
  children,
}: {
  sessionKey: string;
  defaultWorkspace: string | undefined;
  onUnauthorized: () => void;
  children: ReactNode;
}) {
  const api = useMemo<Api>(
    () => ({
      client: createApiClient({ baseUrl: window.location.origin, sessionKey }),
      sessionKey,
      defaultWorkspace,
      onUnauthorized,
    }),
    [sessionKey, defaultWorkspace, onUnauthorized],
  );
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider'); // a wiring bug, not a runtime condition
  return api;
}
