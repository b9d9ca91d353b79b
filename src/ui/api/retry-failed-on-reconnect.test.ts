import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './describe-api-error';
import { retryFailedOnReconnect, SERVER_INFO_QUERY_KEY } from './retry-failed-on-reconnect';

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** A query client with one observed query per answer script, like the mounted pages. */
function setUp(failures: Record<string, ApiError>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  const calls: Record<string, number> = {};
  let runtimeUp = false;
  const observers = Object.entries(failures).map(([name, error]) => {
    calls[name] = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: [name],
      queryFn: async () => {
        calls[name] = (calls[name] ?? 0) + 1;
        if (!runtimeUp || error.status === 500) throw error;
        return name;
      },
    });
    observer.subscribe(() => undefined);
    return observer;
  });
  const serverInfo = new QueryObserver(queryClient, {
    queryKey: SERVER_INFO_QUERY_KEY,
    queryFn: async () => {
      if (!runtimeUp) throw new ApiError('down', 502);
      return { version: '1' };
    },
  });
  serverInfo.subscribe(() => undefined);
  return {
    queryClient,
    calls,
    observers,
    comeBack: async () => {
      runtimeUp = true;
      await serverInfo.refetch();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('retryFailedOnReconnect', () => {
  it('fetches again the queries that failed while the runtime was away, once it answers', async () => {
    const setup = setUp({
      list: new ApiError('The runtime answered 502 Bad Gateway', 502),
      info: new ApiError('Could not reach the runtime', undefined),
    });
    const stop = retryFailedOnReconnect(setup.queryClient);
    await settle();
    expect(setup.observers.map((observer) => observer.getCurrentResult().status)).toEqual(['error', 'error']);

    await setup.comeBack();
    await settle();
    expect(setup.observers.map((observer) => observer.getCurrentResult().data)).toEqual(['list', 'info']);
    stop();
  });

  it('leaves alone a failure that would only repeat (a 500, a 4xx)', async () => {
    const setup = setUp({ broken: new ApiError('boom', 500), refused: new ApiError('no', 404) });
    const stop = retryFailedOnReconnect(setup.queryClient);
    await settle();
    await setup.comeBack();
    await settle();
    expect(setup.calls).toEqual({ broken: 1, refused: 1 });
    stop();
  });

  it('does nothing once unsubscribed', async () => {
    const setup = setUp({ list: new ApiError('down', 503) });
    retryFailedOnReconnect(setup.queryClient)();
    await settle();
    await setup.comeBack();
    await settle();
    expect(setup.calls.list).toBe(1);
  });
});
