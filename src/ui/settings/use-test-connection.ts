import { useMutation } from '@tanstack/react-query';
import { useApi } from '../api/api-context';
import { ApiError, describeApiError } from '../api/describe-api-error';

export interface TestConnectionInput {
  provider: string;
  model: string;
  base_url?: string;
  api_key?: string;
}

/**
 * The answer of POST /api/settings/test. That route is not in the generated schema yet, so this one
 * type is written here; replace it with the generated one (and the call with client.POST) once the
 * runtime publishes the route.
 */
export type ConnectionTestResult =
  | { ok: true; model: string; latency_ms: number }
  | { ok: false; code: string; detail: string };

/**
 * "Test connection": the runtime makes one tiny real call with the given (unsaved) model settings; a
 * missing api_key means "use the saved one". The answer reports success or the provider's error.
 */
export function useTestConnection() {
  const { sessionKey } = useApi();
  return useMutation({
    mutationFn: async (llm: TestConnectionInput): Promise<ConnectionTestResult> => {
      let response: Response;
      try {
        response = await fetch('/api/settings/test', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Session-API-Key': sessionKey },
          body: JSON.stringify({ llm }),
        });
      } catch (networkError) {
        throw new ApiError(describeApiError(networkError), undefined);
      }
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) throw new ApiError(describeApiError(body, response), response.status);
      return body as ConnectionTestResult;
    },
  });
}
