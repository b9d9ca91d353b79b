import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiProvider } from '../api/api-context';
import { AppShell } from '../shell/app-shell';
import { SessionKeyScreen } from './session-key-screen';
import {
  forgetSessionKey,
  readInjectedConfig,
  readStoredSessionKey,
  storeSessionKey,
} from './workbench-config';

/**
 * The SPA root: finds the session key (injected by the ingress, or typed in with --public), then
 * provides the API client and the query cache to the shell.
 */
export function App() {
  const [injected] = useState(() => readInjectedConfig());
  const [sessionKey, setSessionKey] = useState<string | null>(
    () => injected?.sessionKey ?? readStoredSessionKey(),
  );
  const [keyError, setKeyError] = useState<string | undefined>();
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5_000 } },
      }),
  );
  const onUnauthorized = useCallback(() => {
    // An injected key is the runtime's own: a 401 then means a restarted runtime with a new key; reload picks it up.
    if (injected) return;
    forgetSessionKey();
    queryClient.clear();
    setKeyError('The runtime did not accept that key.');
    setSessionKey(null);
  }, [injected, queryClient]);

  if (!sessionKey) {
    return (
      <SessionKeyScreen
        error={keyError}
        onSubmit={(key) => {
          storeSessionKey(key);
          setKeyError(undefined);
          setSessionKey(key);
        }}
      />
    );
  }
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider
        sessionKey={sessionKey}
        defaultWorkspace={injected?.defaultWorkspace}
        onUnauthorized={onUnauthorized}
      >
        <AppShell />
      </ApiProvider>
    </QueryClientProvider>
  );
}
