import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawResponse, rawRequest } from '../../cli/testing/raw-request';
import { createWorkspaceTestServer, type WorkspaceTestServer } from '../testing/create-workspace-test-server';

/**
 * Requests no client should send, over real HTTP to the runtime's port: each gets a 4xx in the
 * `{detail, code}` shape, never the framework's default body, never a 500, never the URL back.
 */
const KEY = 'malformed-requests-key-0123456789abcdef';
let server: WorkspaceTestServer;
let port: number;

beforeAll(async () => {
  server = await createWorkspaceTestServer({ prefix: 'awb-malformed-', sessionKey: KEY });
  port = Number((await server.listen()).split(':')[1]);
});
afterAll(async () => server.close());

function expectErrorShape(response: RawResponse, status: number, code: string): void {
  expect(response.status, response.body).toBe(status);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'detail']);
  expect(body.code).toBe(code);
  expect(typeof body.detail).toBe('string');
}

const upload = (contentType: string, body: string) =>
  rawRequest(port, {
    method: 'POST',
    path: `/api/file/upload?path=${encodeURIComponent(`${server.workspace}/a.txt`)}`,
    headers: { 'x-session-api-key': KEY, 'content-type': contentType },
    body,
  });

describe('a malformed URL', () => {
  it('answers 400 malformed_url without echoing the path or its query string', async () => {
    for (const path of [
      `/api/conversations/%E0%A4%A?session_api_key=${KEY}`,
      `/sockets/events/%ZZ?session_api_key=${KEY}&x=1`,
      `/unknown/%?session_api_key=${KEY}`,
    ]) {
      const response = await rawRequest(port, { path, headers: { 'x-session-api-key': KEY } });
      expectErrorShape(response, 400, 'malformed_url');
      expect(response.body).not.toContain(KEY);
      expect(response.body).not.toContain('%');
    }
  });

  it('answers an unknown path 404 not_found', async () => {
    const response = await rawRequest(port, { path: `/nowhere?session_api_key=${KEY}` });
    expectErrorShape(response, 404, 'not_found');
    expect(response.body).not.toContain(KEY);
  });
});

describe('a malformed multipart upload', () => {
  const header = 'Content-Disposition: form-data; name="file"; filename="a.txt"\r\n';
  const cases: Array<[string, string, string]> = [
    ['a body that is not multipart', 'multipart/form-data; boundary=b0', 'just some text, no boundary'],
    ['a multipart type without a boundary', 'multipart/form-data', '--b0\r\n'],
    ['a body cut off after the first boundary', 'multipart/form-data; boundary=b0', '--b0\r\n'],
    ['a body cut off inside the part header', 'multipart/form-data; boundary=b0', `--b0\r\n${header}`],
    ['a body cut off inside the file', 'multipart/form-data; boundary=b0', `--b0\r\n${header}\r\nhalf a fi`],
  ];
  for (const [name, contentType, body] of cases) {
    it(`answers ${name} with 400 upload_malformed and writes nothing`, async () => {
      expectErrorShape(await upload(contentType, body), 400, 'upload_malformed');
      const { readdirSync } = await import('node:fs');
      expect(readdirSync(server.workspace)).toEqual([]);
    });
  }

  it('still takes a good upload afterwards', async () => {
    const good =
      '--b0\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--b0--\r\n';
    const response = await upload('multipart/form-data; boundary=b0', good);
    expect(response.status, response.body).toBe(200);
  });
});
