import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateConversationSchema } from '../../runtime/conversation/requests';
import { createSecretRegistry } from '../../runtime/secrets/create-secret-registry';
import { buildServer } from '../http/build-server';
import type { ZodApp } from '../http/server-context';
import { createTestServer, type TestServer } from '../testing/create-test-server';
import { requireExecutable } from '../../runtime/sandbox/testing/require-executable';

const SESSION_KEY = 'git-routes-session-key-0123456789abcdef';
const auth = { 'x-session-api-key': SESSION_KEY };

let root: string;
let dataDir: string;
let repo: string;
let runtime: TestServer;
let app: ZodApp;
let conversationId: string;

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' },
    stdio: 'pipe',
  }).toString();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'awb-git-routes-'));
  dataDir = join(root, 'data');
  repo = join(root, 'repo');
  mkdirSync(dataDir);
  mkdirSync(repo);
  writeFileSync(join(root, 'secret-outside.txt'), 'outside');
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'config', 'user.email', 't@example.com');
  git(repo, 'config', 'user.name', 'Test');
  writeFileSync(join(repo, 'a.txt'), 'one\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'first');
  writeFileSync(join(repo, 'a.txt'), `two ${SESSION_KEY}\n`);
  writeFileSync(join(repo, 'new.txt'), 'new\n');
  symlinkSync(join(root, 'secret-outside.txt'), join(repo, 'link.txt'));
  runtime = await createTestServer();
  app = await buildServer({
    service: runtime.service,
    settings: runtime.settings,
    sessionKey: SESSION_KEY,
    version: '0.0.0-test',
    defaultWorkspace: repo,
    dataDir,
    secrets: createSecretRegistry(() => [{ name: 'session-key', value: SESSION_KEY }]),
  });
  const { info } = await runtime.service.create(
    CreateConversationSchema.parse({ workspace: { working_dir: repo } }),
  );
  conversationId = info.id;
});

afterAll(async () => {
  await app.close();
  await runtime.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: auth });

describe('GET /api/git/changes and /api/git/diff', () => {
  beforeAll(() => {
    requireExecutable('bwrap', 'bubblewrap');
  });
  it('answers the change list and both sides of a file, secrets masked', async () => {
    const changes = await get(`/api/git/changes?path=${encodeURIComponent(repo)}`);
    expect(changes.statusCode).toBe(200);
    expect(changes.json()).toEqual([
      { status: 'UPDATED', path: 'a.txt' },
      { status: 'ADDED', path: 'link.txt' },
      { status: 'ADDED', path: 'new.txt' },
    ]);
    const diff = await get(`/api/git/diff?path=${encodeURIComponent(join(repo, 'a.txt'))}&ref=HEAD`);
    expect(diff.json()).toEqual({ modified: 'two ‹secret:session-key›', original: 'one' });
  });

  it('a folder in no repository answers []; a missing file 400 git_failed; the data dir 403 path_denied', async () => {
    expect((await get(`/api/git/changes?path=${encodeURIComponent(root)}`)).json()).toEqual([]);
    const missing = await get(`/api/git/diff?path=${encodeURIComponent(join(repo, 'nope'))}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'git_failed' });
    const denied = await get(`/api/git/changes?path=${encodeURIComponent(dataDir)}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'path_denied' });
  });

  it('refuses an option-like ref 422 invalid_ref, an unknown ref 400, a missing path 422', async () => {
    const option = await get(`/api/git/changes?path=${encodeURIComponent(repo)}&ref=--output=/tmp/x`);
    expect(option.statusCode).toBe(422);
    expect(option.json()).toMatchObject({ code: 'invalid_ref' });
    expect((await get(`/api/git/changes?path=${encodeURIComponent(repo)}&ref=nope`)).statusCode).toBe(400);
    expect((await get('/api/git/changes')).statusCode).toBe(422);
  });
});

describe('the conversation-scoped git routes', () => {
  beforeAll(() => {
    requireExecutable('bwrap', 'bubblewrap');
  });
  it("list the changes of the conversation's workspace and diff a relative path", async () => {
    const changes = await get(`/api/conversations/${conversationId}/git/changes`);
    expect(changes.json()).toContainEqual({ status: 'UPDATED', path: 'a.txt' });
    const diff = await get(`/api/conversations/${conversationId}/git/diff?path=a.txt`);
    expect(diff.json()).toEqual({ modified: 'two ‹secret:session-key›', original: 'one' });
  });

  it('refuse a path that leaves the workspace 403 path_outside_workspace, by .., absolute path or link', async () => {
    for (const path of ['../secret-outside.txt', join(root, 'secret-outside.txt'), 'link.txt']) {
      const answer = await get(
        `/api/conversations/${conversationId}/git/diff?path=${encodeURIComponent(path)}`,
      );
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'path_outside_workspace' });
    }
  });

  it('answer 404 for an unknown conversation and 422 for an id that is no UUID', async () => {
    const unknown = await get('/api/conversations/00000000-0000-4000-8000-000000000000/git/changes');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'conversation_not_found' });
    expect((await get('/api/conversations/nope/git/diff?path=a.txt')).statusCode).toBe(422);
  });
});

describe('GET /api/git/commits, /api/git/commits/{sha}/changes and /api/git/diff?commit=', () => {
  let history: string;
  const shas: string[] = [];
  beforeAll(() => {
    requireExecutable('bwrap', 'bubblewrap');
    history = join(root, 'history');
    mkdirSync(history);
    git(history, 'init', '-q', '-b', 'main');
    git(history, 'config', 'user.email', 't@example.com');
    git(history, 'config', 'user.name', 'Tester');
    writeFileSync(join(history, 'x.txt'), 'one\n');
    git(history, 'add', '-A');
    git(history, 'commit', '-qm', 'add x');
    writeFileSync(join(history, 'x.txt'), 'two\n');
    writeFileSync(join(history, 'y.txt'), 'why\n');
    git(history, 'add', '-A');
    git(history, 'commit', '-qm', `change x, add y ${SESSION_KEY}`);
    git(history, 'rm', '-q', 'y.txt');
    git(history, 'commit', '-qm', 'remove y');
    shas.push(...git(history, 'log', '--format=%H').trim().split('\n'));
  });

  it('lists the commits newest first, pages with has_more, and masks secrets in subjects', async () => {
    const page = await get(`/api/git/commits?path=${encodeURIComponent(history)}&limit=2`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.has_more).toBe(true);
    expect(body.commits.map((commit: { sha: string }) => commit.sha)).toEqual(shas.slice(0, 2));
    expect(body.commits[0]).toMatchObject({ subject: 'remove y', author: 'Tester' });
    expect(body.commits[0].short_sha).toBe(shas[0]?.slice(0, body.commits[0].short_sha.length));
    expect(body.commits[0].timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.stringify(body)).not.toContain(SESSION_KEY);
    const all = (await get(`/api/git/commits?path=${encodeURIComponent(history)}`)).json();
    expect(all.commits).toHaveLength(3);
    expect(all.has_more).toBe(false);
  });

  it('answers an empty page for a folder in no repository', async () => {
    const plain = join(root, 'plain');
    mkdirSync(plain, { recursive: true });
    expect((await get(`/api/git/commits?path=${encodeURIComponent(plain)}`)).json()).toEqual({
      commits: [],
      has_more: false,
    });
  });

  it("gives a commit's changed files and a file's sides at that commit, even one deleted since", async () => {
    const changes = await get(`/api/git/commits/${shas[1]}/changes?path=${encodeURIComponent(history)}`);
    expect(changes.json()).toEqual([
      { status: 'UPDATED', path: 'x.txt' },
      { status: 'ADDED', path: 'y.txt' },
    ]);
    const root = await get(`/api/git/commits/${shas[2]}/changes?path=${encodeURIComponent(history)}`);
    expect(root.json()).toEqual([{ status: 'ADDED', path: 'x.txt' }]);
    const diff = await get(
      `/api/git/diff?path=${encodeURIComponent(join(history, 'x.txt'))}&commit=${shas[1]}`,
    );
    expect(diff.json()).toEqual({ original: 'one\n', modified: 'two\n' });
    const deleted = await get(
      `/api/git/diff?path=${encodeURIComponent(join(history, 'y.txt'))}&commit=${shas[1]}`,
    );
    expect(deleted.json()).toEqual({ original: '', modified: 'why\n' });
  });

  it('attack: an option-like or unknown sha, ref with commit, and the data dir are refused', async () => {
    const option = await get(`/api/git/commits/--output=x/changes?path=${encodeURIComponent(history)}`);
    expect(option.statusCode).toBe(422);
    const unknown = await get(`/api/git/commits/deadbeef/changes?path=${encodeURIComponent(history)}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('git_failed');
    const both = await get(
      `/api/git/diff?path=${encodeURIComponent(join(history, 'x.txt'))}&commit=${shas[0]}&ref=HEAD`,
    );
    expect(both.statusCode).toBe(400);
    const optionDiff = await get(
      `/api/git/diff?path=${encodeURIComponent(join(history, 'x.txt'))}&commit=-p`,
    );
    expect(optionDiff.statusCode).toBe(422);
    const denied = await get(`/api/git/commits?path=${encodeURIComponent(dataDir)}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('path_denied');
  });
});
