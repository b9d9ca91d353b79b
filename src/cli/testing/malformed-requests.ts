import fc from 'fast-check';
import type { RawResponse } from './raw-request';

export interface MalformedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Paths the runtime and the automation service serve, with `{id}` where an id goes. */
const PATHS = [
  '/api/conversations',
  '/api/conversations/{id}',
  '/api/conversations/{id}/events',
  '/api/conversations/{id}/events/search',
  '/api/conversations/{id}/events/{id}',
  '/api/conversations/{id}/changes',
  '/api/conversations/{id}/restore',
  '/api/conversations/search',
  '/api/settings',
  '/api/file/upload',
  '/api/file/download',
  '/api/bash/execute_bash_command',
  '/api/git/changes',
  '/api/automation/automations',
  '/api/automation/automations/{id}',
  '/api/automation/hooks/{id}',
  '/sockets/session/{id}',
  '/sockets/events/{id}',
  '/sockets/bash-events',
  '/server_info',
  '/api/nowhere',
];

const badPiece = fc.constantFrom(
  '%',
  '%E0%A4%A',
  '%zz',
  '%00',
  '%C0%AF',
  '..%2f..%2f',
  'x'.repeat(3_000),
  '%%',
  '%FF%FE',
);
const id = fc.oneof(badPiece, fc.uuid(), fc.string({ maxLength: 12 }).map(encodeURIComponent));

const path = fc
  .tuple(
    fc.constantFrom(...PATHS),
    id,
    id,
    fc.oneof(fc.constant(''), badPiece, fc.string({ maxLength: 20 }).map(encodeURIComponent)),
  )
  .map(([template, first, second, junk]) => {
    let filled = template.replace('{id}', first).replace('{id}', second);
    if (junk !== '') filled += `?junk=${junk}`;
    return filled;
  });

const contentType = fc.constantFrom(
  'application/json',
  'multipart/form-data; boundary=b0',
  'multipart/form-data',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-16',
  ';;;',
);

const multipartStart = '--b0\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n';
const body = fc.oneof(
  fc.constant(''),
  fc.constantFrom('{', '{"a":', '[1,2', 'null', '{"role":"user"}', '{"__proto__":{"x":1}}'),
  fc.constantFrom('--b0\r\n', multipartStart, `${multipartStart}\r\nhalf`, 'no multipart here'),
  fc.integer({ min: 1, max: 5_000 }).map((depth) => '['.repeat(depth)),
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
);

/**
 * A request no client should send, seeded by fast-check: a real route with broken ids, bad
 * percent-encodings and junk in the path, the session key in the query string (so an answer that
 * echoes the URL gives it away), a wrong or missing content type, a broken body.
 */
export function malformedRequest(sessionKey: string): fc.Arbitrary<MalformedRequest> {
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PATCH', 'PUT', 'DELETE'),
      path,
      contentType: fc.option(contentType),
      body,
      withKey: fc.boolean(),
    })
    .map(({ method, path: target, contentType: type, body: text, withKey }) => {
      const separator = target.includes('?') ? '&' : '?';
      const headers: Record<string, string> = {};
      if (withKey) headers['x-session-api-key'] = sessionKey;
      if (type !== null) headers['content-type'] = type;
      return {
        method,
        path: `${target}${separator}session_api_key=${sessionKey}`,
        headers,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: text }),
      };
    });
}

/**
 * What is wrong with the answer to a malformed request, or undefined: a 5xx, an error body not in
 * the `{detail, code}` shape, a stack trace, or the key or query string echoed back.
 */
export function answerProblem(response: RawResponse, sessionKey: string): string | undefined {
  if (response.status >= 500) return `answered ${response.status}: ${response.body.slice(0, 200)}`;
  if (response.body.includes(sessionKey) || response.body.includes('session_api_key')) {
    return `echoed the query string: ${response.body.slice(0, 200)}`;
  }
  if (/\bat .+\.(ts|js|mjs):\d+|node_modules/.test(response.body)) return 'a stack trace in the body';
  if (response.status < 400) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    return `a ${response.status} that is not JSON: ${response.body.slice(0, 200)}`;
  }
  const { detail, code } = (parsed ?? {}) as { detail?: unknown; code?: unknown };
  if (typeof code !== 'string' || (typeof detail !== 'string' && !Array.isArray(detail))) {
    return `a ${response.status} not in the {detail, code} shape: ${response.body.slice(0, 200)}`;
  }
  return undefined;
}
