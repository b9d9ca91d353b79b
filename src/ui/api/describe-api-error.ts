/**
 * A sentence a person can read for a failed call: the runtime's `detail` when it sent one (string or
 * object), else the HTTP status, else the network failure. Never a stack trace.
 */
export function describeApiError(error: unknown, response?: Response): string {
  const detail = detailOf(error);
  if (detail) return detail;
  if (response && !response.ok)
    return `The runtime answered ${response.status} ${response.statusText}`.trim();
  if (error instanceof Error) return `Could not reach the runtime (${error.message})`;
  return 'Could not reach the runtime';
}

function detailOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('detail' in error)) return undefined;
  const { detail } = error;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map(describeIssue).join('; ');
  if (typeof detail === 'object' && detail !== null) {
    if ('message' in detail && typeof detail.message === 'string') return detail.message;
    return JSON.stringify(detail);
  }
  return undefined;
}

function describeIssue(issue: unknown): string {
  if (typeof issue === 'string') return issue;
  if (
    typeof issue === 'object' &&
    issue !== null &&
    'message' in issue &&
    typeof issue.message === 'string'
  ) {
    const path = 'path' in issue && Array.isArray(issue.path) ? issue.path.join('.') : '';
    return path ? `${path}: ${issue.message}` : issue.message;
  }
  return JSON.stringify(issue);
}

/** Thrown into react-query so its error state carries a readable message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** openapi-fetch result → data, or an ApiError with a readable message. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (networkError) {
    throw new ApiError(describeApiError(networkError), undefined);
  }
  if (result.error !== undefined || !result.response.ok) {
    throw new ApiError(describeApiError(result.error, result.response), result.response.status);
  }
  return result.data as T;
}
