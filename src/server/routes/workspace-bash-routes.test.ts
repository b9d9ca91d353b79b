import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettingsStore } from '../../runtime/settings/settings-store';
import { buildServer } from '../http/build-server';
import type { ZodApp } from '../http/server-context';
import { createWorkspaceTestServer, type WorkspaceTestServer } from '../testing/create-workspace-test-server';
import { requireExecutable } from '../../runtime/sandbox/testing/require-executable';
import { requireDocker } from '../../runtime/sandbox/docker/testing/require-docker';

const SESSION_KEY = 'bash-routes-session-key-0123456789abcdef';
const auth = { 'x-session-api-key': SESSION_KEY };

let server: WorkspaceTestServer;
let root: string;
let dataDir: string;
let workspace: string;
let app: ZodApp;

beforeAll(async () => {
  server = await createWorkspaceTestServer({
    prefix: 'awb-bash-routes-',
    sessionKey: SESSION_KEY,
    secrets: [{ name: 'session-key', value: SESSION_KEY }],
    usableTools: ['terminal', 'think'],
    keyFile: true,
  });
  ({ app, root, dataDir, workspace } = server);
});

afterAll(async () => server.close());

const post = (url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: auth, payload: payload as object });
const get = (url: string) => app.inject({ method: 'GET', url, headers: auth });

describe('POST /api/bash/execute_bash_command', () => {
  beforeAll(() => {
    requireExecutable('bwrap', 'bubblewrap');
  });
  it('answers the final BashOutput, run in the default workspace', async () => {
    const answer = await post('/api/bash/execute_bash_command', { command: 'pwd; echo err >&2; exit 4' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      kind: 'BashOutput',
      order: 0,
      exit_code: 4,
      stdout: `${workspace}\n`,
      stderr: 'err\n',
    });
    expect(answer.json().id).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.json().command_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('masks the session key a command prints, in the answer and the stored events', async () => {
    const answer = await post('/api/bash/execute_bash_command', {
      command: `echo ${SESSION_KEY}; echo ${SESSION_KEY} >&2`,
    });
    expect(answer.body).not.toContain(SESSION_KEY);
    expect(answer.json().stdout).toContain('‹secret:session-key›');
    const events = await get(`/api/bash/bash_events/search?command_id__eq=${answer.json().command_id}`);
    expect(events.body).not.toContain(SESSION_KEY);
    const all = await get('/api/bash/bash_events/search');
    expect(all.body).not.toContain(SESSION_KEY);
  });

  it('cannot read the data dir', async () => {
    const answer = await post('/api/bash/execute_bash_command', {
      command: `cat ${dataDir}/session-key; ls ${dataDir}`,
    });
    expect(answer.json().stdout ?? '').not.toContain('session-key');
  });

  it('reports -1 when the timeout kills the command', async () => {
    const answer = await post('/api/bash/execute_bash_command', { command: 'sleep 30', timeout: 1 });
    expect(answer.json()).toMatchObject({ exit_code: -1 });
  });

  it('start answers the BashCommand at once; its output is found by command id', async () => {
    const started = await post('/api/bash/start_bash_command', {
      command: 'sleep 0.3; echo later',
      cwd: workspace,
    });
    expect(started.statusCode).toBe(200);
    const command = started.json();
    expect(command).toMatchObject({
      kind: 'BashCommand',
      command: 'sleep 0.3; echo later',
      cwd: workspace,
      timeout: 300,
    });
    let output: { items: { stdout: string }[] } = { items: [] };
    for (let attempt = 0; attempt < 50 && output.items.length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      output = (await get(`/api/bash/bash_events/search?command_id__eq=${command.id}`)).json();
    }
    expect(output.items).toHaveLength(1);
    expect(output.items[0]).toMatchObject({ kind: 'BashOutput', stdout: 'later\n', exit_code: 0 });
    expect((await get(`/api/bash/bash_events/${command.id}`)).json()).toEqual(command);
  });

  it('searches by kind, pages with next_page_id, sorts descending, batch-gets with a GET body, and clears', async () => {
    await app.inject({ method: 'DELETE', url: '/api/bash/bash_events', headers: auth });
    for (const word of ['a', 'b', 'c'])
      await post('/api/bash/execute_bash_command', { command: `echo ${word}` });
    const first = (await get('/api/bash/bash_events/search?kind__eq=BashOutput&limit=2')).json();
    expect(first.items.map((event: { stdout: string }) => event.stdout)).toEqual(['a\n', 'b\n']);
    expect(first.next_page_id).toMatch(/^[0-9a-f]{32}$/);
    const second = (
      await get(`/api/bash/bash_events/search?kind__eq=BashOutput&limit=2&page_id=${first.next_page_id}`)
    ).json();
    expect(second).toMatchObject({ items: [{ stdout: 'c\n' }], next_page_id: null });
    const newest = (await get('/api/bash/bash_events/search?sort_order=TIMESTAMP_DESC&limit=1')).json();
    expect(newest.items[0]).toMatchObject({ kind: 'BashOutput', stdout: 'c\n' });
    const later = (
      await get(
        `/api/bash/bash_events/search?timestamp__gte=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      )
    ).json();
    expect(later.items).toEqual([]);
    const batch = await app.inject({
      method: 'GET',
      url: '/api/bash/bash_events/',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify([first.items[0].id, 'ffffffffffffffffffffffffffffffff']),
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json()).toEqual([first.items[0], null]);
    const cleared = await app.inject({ method: 'DELETE', url: '/api/bash/bash_events', headers: auth });
    expect(cleared.json()).toEqual({ cleared_count: 6 });
    expect((await get('/api/bash/bash_events/search')).json()).toEqual({ items: [], next_page_id: null });
  });
});

describe('bash route refusals', () => {
  it('a cwd in the data dir is 403 path_denied; a relative or missing cwd 422 invalid_path', async () => {
    const denied = await post('/api/bash/execute_bash_command', { command: 'true', cwd: dataDir });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'path_denied' });
    const relative = await post('/api/bash/execute_bash_command', { command: 'true', cwd: 'workspace' });
    expect(relative.json()).toMatchObject({ code: 'invalid_path' });
    expect(relative.statusCode).toBe(422);
    const missing = await post('/api/bash/start_bash_command', { command: 'true', cwd: join(root, 'nope') });
    expect(missing.json()).toMatchObject({ code: 'invalid_path' });
  });

  it('bad bodies and queries are 422; an unknown event 404 bash_event_not_found', async () => {
    expect((await post('/api/bash/execute_bash_command', { cwd: workspace })).statusCode).toBe(422);
    expect((await post('/api/bash/execute_bash_command', { command: 'true', timeout: 1.5 })).statusCode).toBe(
      422,
    );
    expect(
      (await post('/api/bash/execute_bash_command', { command: 'true', timeout: 999999 })).statusCode,
    ).toBe(422);
    expect((await get('/api/bash/bash_events/search?limit=0')).statusCode).toBe(422);
    expect((await get('/api/bash/bash_events/search?kind__eq=Other')).statusCode).toBe(422);
    const unknown = await get('/api/bash/bash_events/0123456789abcdef0123456789abcdef');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'bash_event_not_found' });
  });

  it('needs the session key', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/bash/execute_bash_command',
      payload: { command: 'true' },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('without bubblewrap commands are refused 503 sandbox_missing, naming how to install it', async () => {
    const original = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const answer = await post('/api/bash/execute_bash_command', { command: 'true' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({
        code: 'sandbox_missing',
        detail: expect.stringContaining('bubblewrap'),
      });
    } finally {
      process.env.PATH = original;
    }
  });

  it('a server without a data dir refuses 503 workspace_unavailable', async () => {
    const bare = await buildServer({
      settings: createSettingsStore(dataDir, {}),
      sessionKey: SESSION_KEY,
      version: '0.0.0-test',
      defaultWorkspace: workspace,
    });
    const answer = await bare.inject({
      method: 'POST',
      url: '/api/bash/execute_bash_command',
      headers: auth,
      payload: { command: 'true' },
    });
    await bare.close();
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ code: 'workspace_unavailable' });
  });
});

describe('GET /api/tools/', () => {
  it('lists the tools this runtime serves', async () => {
    const answer = await get('/api/tools/');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(['terminal', 'think']);
  });
});

describe('the workspace API on a docker runtime', () => {
  let docker: WorkspaceTestServer;
  beforeAll(async () => {
    await requireDocker();
    docker = await createWorkspaceTestServer({
      prefix: 'awb-bash-routes-docker-',
      sessionKey: SESSION_KEY,
      sandbox: 'docker',
    });
  });
  afterAll(async () => docker?.close());

  it('runs a command in a container of its own, never in bubblewrap on the host', async () => {
    const answer = await docker.app.inject({
      method: 'POST',
      url: '/api/bash/execute_bash_command',
      headers: auth,
      payload: { command: 'echo "host=$(hostname) uid=$(id -u)"' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ exit_code: 0, stdout: 'host=sandbox uid=1000\n' });
  });
});
