import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export interface ApiClientOptions {
  /** Where the runtime answers: the ingress origin in the browser (`''` or `location.origin`), or the runtime URL. */
  baseUrl: string;
  /**
   * Sent as X-Session-API-Key on every request (scripts, tests, other tools). Absent in the browser:
   * the page never holds the key; the HttpOnly awb_session cookie the ingress set goes along instead.
   */
  sessionKey?: string;
  /** Defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
}

export type ApiClient = Client<paths>;

/**
 * The typed REST client: every path, parameter, body and answer comes from the generated
 * schema.d.ts, so a call that does not fit the runtime's contract does not compile. Each request
 * carries the session key header when given, else same-origin credentials (the cookie). Answers are `{ data, error, response }` (openapi-fetch); nothing throws
 * for HTTP errors.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.sessionKey === undefined
      ? { credentials: 'same-origin' as const }
      : { headers: { 'X-Session-API-Key': options.sessionKey } }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
