import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AutomationInput } from '../../client/automation-types';
import { type AutomationClient, createAutomationClient } from '../../client/create-automation-client';
import { unwrap } from '../api/describe-api-error';
import { CONVERSATIONS_QUERY_KEY } from '../api/use-recent-conversations';

export const AUTOMATIONS_QUERY_KEY = ['automations'] as const;

/** Same origin as the page: the ingress sends /api/automation to the service, the cookie goes along. */
export function useAutomationClient(): AutomationClient {
  return useMemo(() => createAutomationClient({ baseUrl: window.location.origin }), []);
}

/** Every automation with its next run and last result; refreshed while the page is open (runs start on their own). */
export function useAutomations() {
  const client = useAutomationClient();
  return useQuery({
    queryKey: AUTOMATIONS_QUERY_KEY,
    queryFn: () => unwrap(client.list()),
    refetchInterval: 5_000,
  });
}

export function useAutomationRuns(id: string) {
  const client = useAutomationClient();
  return useQuery({
    queryKey: [...AUTOMATIONS_QUERY_KEY, id, 'runs'],
    queryFn: () => unwrap(client.runs(id)),
    refetchInterval: 3_000,
  });
}

/**
 * Create, edit, delete and run now. The raw refusal is kept on the mutation (`error.cause`) so the
 * form can put each message beside its field.
 */
export function useAutomationMutations() {
  const client = useAutomationClient();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: AUTOMATIONS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
  };
  const keepRefusal = async <T>(call: Promise<{ data?: T; error?: unknown; response: Response }>) => {
    const answer = await call;
    if (answer.error !== undefined || !answer.response.ok) throw new RefusedError(answer.error);
    return answer.data as T;
  };
  return {
    save: useMutation({
      mutationFn: (request: { id?: string; input: AutomationInput }) =>
        keepRefusal(request.id ? client.update(request.id, request.input) : client.create(request.input)),
      onSuccess: refresh,
    }),
    setEnabled: useMutation({
      mutationFn: (request: { id: string; enabled: boolean }) =>
        unwrap(client.update(request.id, { enabled: request.enabled })),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => unwrap(client.remove(id)), onSuccess: refresh }),
    runNow: useMutation({ mutationFn: (id: string) => unwrap(client.runNow(id)), onSuccess: refresh }),
  };
}

/** A refusal from the service, its JSON body kept whole. */
export class RefusedError extends Error {
  constructor(readonly body: unknown) {
    super('The automation service refused the request');
    this.name = 'RefusedError';
  }
}
