import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiProvider } from '../api/api-context';
import { AppShell } from '../shell/app-shell';
import { checkSession } from './check-session';
import { logIn } from './log-in';
import { SessionKeyScreen } from './session-key-screen';

type SignIn = 'checking' | 'signed-in' | 'signed-out';

const REFUSED = 'The runtime did not accept that key.';
const UNREACHABLE = 'Agent Workbench did not answer. Check that it is still running, then try again.';

/**
 * The SPA root: asks the API whether this browser is logged in (the ingress's HttpOnly cookie, set by
 * the one-time login URL or the key screen), shows the key screen when it is not, and otherwise
 * provides the API client and the query cache to the shell. The key never lives in the page.
 */
export function App() {
  const [signIn, setSignIn] = useState<SignIn>('checking');
  const [keyError, setKeyError] = useState<string | undefined>();
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 5_000 } },
      }),
  );

  useEffect(() => {
    let current = true;
    void checkSession().then((answer) => {
      if (current) setSignIn(answer === 'signed-out' ? 'signed-out' : 'signed-in');
    });
    return () => {
      current = false;
    };
  }, []);

  const onUnauthorized = useCallback(() => {
    queryClient.clear();
    setSignIn('signed-out');
  }, [queryClient]);

  const submitKey = useCallback(
    async (key: string) => {
      const answer = await logIn(key);
      if (answer !== 'accepted') return setKeyError(answer === 'refused' ? REFUSED : UNREACHABLE);
      setKeyError(undefined);
      queryClient.clear();
      setSignIn('signed-in');
    },
    [queryClient],
  );

  // A blank moment (one local request) rather than a flash of the shell or of the key screen.
  if (signIn === 'checking') return null;
  if (signIn === 'signed-out') return <SessionKeyScreen error={keyError} onSubmit={submitKey} />;
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider onUnauthorized={onUnauthorized}>
        <AppShell />
      </ApiProvider>
    </QueryClientProvider>
  );
}
