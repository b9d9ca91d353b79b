import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateConversationSchema } from '../../runtime/conversation/requests';
import { buildServer } from '../http/build-server';
import type { ZodApp } from '../http/server-context';
import { createTestServer, type TestServer } from '../testing/create-test-server';
import { createWorkspaceSessionTokens, WORKSPACE_SESSION_COOKIE } from '../http/workspace-session-token';

const SESSION_KEY = 'workspace-session-key-0123456789abcdef';
const DAY_MS = 24 * 60 * 60 * 1000;

let root: string;
let dataDir: string;
let runtime: TestServer;
let app: ZodApp;
/** Works in root/a: the files the cookie may read. */
let first: string;
/** Works in root/b: another conversation's workspace. */
let second: string;
/** Works in root itself, which holds the data dir. */
let wide: string;
let cookie: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'awb-workspace-session-'));
  dataDir = join(root, 'data');
  mkdirSync(dataDir);
  writeFileSync(join(dataDir, 'session-key'), SESSION_KEY);
  mkdirSync(join(root, 'a', 'report'), { recursive: true });
  mkdirSync(join(root, 'b'));
  writeFileSync(join(root, 'a', 'notes.txt'), 'hello from a\n');
  writeFileSync(join(root, 'a', 'report', 'index.html'), '<h1>report</h1>');
  writeFileSync(join(root, 'b', 'private.txt'), 'b only\n');
  writeFileSync(join(root, 'outside.txt'), 'outside\n');
  symlinkSync(join(root, 'outside.txt'), join(root, 'a', 'link-out.txt'));
  symlinkSync(join(dataDir, 'session-key'), join(root, 'a', 'link-key'));
  symlinkSync(join(root, 'b'), join(root, 'a', 'link-b'));
  runtime = await createTestServer();
  app = await buildServer({
    service: runtime.service,
    settings: runtime.settings,
    sessionKey: SESSION_KEY,
    version: '0.0.0-test',
    defaultWorkspace: join(root, 'a'),
    dataDir,
  });
  const create = async (folder: string) =>
    (await runtime.service.create(CreateConversationSchema.parse({ workspace: { working_dir: folder } })))
      .info.id;
  first = await create(join(root, 'a'));
  second = await create(join(root, 'b'));
  wide = await create(root);
  const minted = await app.inject({
    method: 'POST',
    url: '/api/auth/workspace-session',
    headers: { 'x-session-api-key': SESSION_KEY },
  });
  cookie = cookieValue(minted.headers['set-cookie']) ?? '';
});

afterAll(async () => {
  await app.close();
  await runtime.close();
  rmSync(root, { recursive: true, force: true });
});

function cookieValue(header: string | string[] | undefined): string | undefined {
  const line = [header ?? []].flat().find((value) => value.startsWith(`${WORKSPACE_SESSION_COOKIE}=`));
  return line?.split(';', 1)[0]?.slice(WORKSPACE_SESSION_COOKIE.length + 1);
}

const withCookie = (url: string, value = cookie) =>
  app.inject({ method: 'GET', url, headers: { cookie: `${WORKSPACE_SESSION_COOKIE}=${value}` } });

describe('POST /api/auth/workspace-session', () => {
  it('sets an HttpOnly, SameSite, path-scoped cookie that does not carry the session key', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/workspace-session',
      headers: { 'x-session-api-key': SESSION_KEY },
    });
    expect(answer.statusCode).toBe(204);
    const line = [answer.headers['set-cookie'] ?? []].flat().join('\n');
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).toMatch(/Path=\/api\/conversations(;|$)/);
    expect(line).toMatch(/Max-Age=\d+/);
    expect(line).not.toContain(SESSION_KEY);
  });

  it('is refused without the session key', async () => {
    const answer = await app.inject({ method: 'POST', url: '/api/auth/workspace-session' });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('DELETE clears the cookie on the same path', async () => {
    const answer = await app.inject({
      method: 'DELETE',
      url: '/api/auth/workspace-session',
      headers: { 'x-session-api-key': SESSION_KEY },
    });
    expect(answer.statusCode).toBe(204);
    const line = [answer.headers['set-cookie'] ?? []].flat().join('\n');
    expect(line).toMatch(/Max-Age=0/);
    expect(line).toMatch(/Path=\/api\/conversations(;|$)/);
  });
});

describe('GET /api/conversations/{id}/workspace/{path} with the workspace-session cookie', () => {
  it("reads a file of the conversation's workspace, and a folder's index.html", async () => {
    const file = await withCookie(`/api/conversations/${first}/workspace/notes.txt`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('hello from a\n');
    expect(file.headers['content-type']).toMatch(/^text\/plain/);
    const page = await withCookie(`/api/conversations/${first}/workspace/report/`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<h1>report</h1>');
  });

  it("serves the agent's HTML in a sandbox where none of its scripts runs", async () => {
    const page = await withCookie(`/api/conversations/${first}/workspace/report/index.html`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/sandbox/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'none'/);
    expect(page.headers['content-security-policy']).not.toMatch(/allow-scripts/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('also takes the session key header, as upstream does', async () => {
    const file = await app.inject({
      method: 'GET',
      url: `/api/conversations/${first}/workspace/notes.txt`,
      headers: { 'x-session-api-key': SESSION_KEY },
    });
    expect(file.statusCode).toBe(200);
  });

  it('attack: the cookie opens no other route', async () => {
    for (const url of [
      '/api/conversations',
      `/api/conversations/${first}`,
      `/api/file/download?path=${encodeURIComponent(join(root, 'a', 'notes.txt'))}`,
      '/api/settings',
    ]) {
      expect((await withCookie(url)).statusCode, url).toBe(401);
    }
  });

  it('attack: a forged, tampered or expired cookie reads nothing', async () => {
    const url = `/api/conversations/${first}/workspace/notes.txt`;
    const [version, expiry, signature] = cookie.split('.');
    const forged = [
      SESSION_KEY,
      'ws1.99999999999.AAAA',
      `${version}.${Number(expiry) + 1000}.${signature}`,
      createWorkspaceSessionTokens('another-key').mint(),
      createWorkspaceSessionTokens(SESSION_KEY, () => Date.now() - DAY_MS).mint(),
    ];
    for (const value of forged) expect((await withCookie(url, value)).statusCode, value).toBe(401);
  });

  it('attack: .. never leaves the workspace, spelt plainly or percent-encoded', async () => {
    for (const path of [
      '../b/private.txt',
      '..%2Fb%2Fprivate.txt',
      '%2E%2E/outside.txt',
      'report/../../outside.txt',
    ]) {
      const answer = await withCookie(`/api/conversations/${first}/workspace/${path}`);
      expect(answer.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(answer.body, path).not.toMatch(/b only|outside\n/);
    }
  });

  it('attack: a link planted in the workspace leads nowhere outside it', async () => {
    for (const path of ['link-out.txt', 'link-key', 'link-b/private.txt']) {
      const answer = await withCookie(`/api/conversations/${first}/workspace/${path}`);
      expect(answer.statusCode, path).toBe(403);
      expect(answer.body, path).not.toMatch(/outside\n|b only|workspace-session-key/);
    }
  });

  it('attack: the data dir inside a workspace stays closed', async () => {
    const answer = await withCookie(`/api/conversations/${wide}/workspace/data/session-key`);
    expect(answer.statusCode).toBe(403);
    expect(answer.body).not.toContain(SESSION_KEY);
  });

  it("attack: one conversation's URL never reads another's workspace", async () => {
    const own = await withCookie(`/api/conversations/${second}/workspace/private.txt`);
    expect(own.statusCode).toBe(200);
    const through = await withCookie(`/api/conversations/${first}/workspace/private.txt`);
    expect(through.statusCode).toBe(404);
  });

  it('an unknown conversation is 404', async () => {
    const answer = await withCookie('/api/conversations/00000000-0000-4000-8000-000000000000/workspace/x');
    expect(answer.statusCode).toBe(404);
  });
});
