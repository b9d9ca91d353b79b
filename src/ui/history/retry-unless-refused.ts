import { ApiError } from '../api/describe-api-error';

/**
 * react-query `retry`: one more try after a network failure or a 5xx, none after a refusal (a 4xx
 * such as the 422 for a query that is too long will not change on a retry).
 */
export function retryUnlessRefused(failures: number, error: Error): boolean {
  const refused = error instanceof ApiError && error.status !== undefined && error.status < 500;
  return !refused && failures < 1;
}
