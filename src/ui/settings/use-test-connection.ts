import { useMutation } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/describe-api-error';
import type { Provider } from './providers';

export interface TestConnectionInput {
  provider: Provider;
  model: string;
  base_url?: string;
  api_key?: string;
}

/**
 * "Test connection": the runtime makes one tiny real call with the given (unsaved) model settings; a
 * missing api_key means "use the saved one". The answer says whether it worked or what the provider said.
 */
export function useTestConnection() {
  const { client } = useApi();
  return useMutation({
    mutationFn: (llm: TestConnectionInput) =>
      unwrap(client.POST('/api/settings/test_connection', { body: { llm } })),
  });
}

export type ConnectionTestResult = Awaited<ReturnType<ReturnType<typeof useTestConnection>['mutateAsync']>>;
