import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createServiceHarness,
  type ServiceHarness,
} from '../../runtime/conversation/testing/create-service-harness';
import { createSettingsStore } from '../../runtime/settings/settings-store';
import { createToolset } from '../../runtime/tools/create-toolset';
import { buildServer } from '../http/build-server';
import type { ZodApp } from '../http/server-context';

const SESSION_KEY = 'checkpoint-routes-session-key-0123456789';
const auth = { 'x-session-api-key': SESSION_KEY };
const SECRET = 'sk-checkpoint-secret-value-42';
const UNKNOWN = '00000000-0000-4000-8000-0000000000ff';

let parent: string;
let workspace: string;
let harness: ServiceHarness;
let app: ZodApp;
let id: string;
let checkpoint: string;

const get = (url: string) => app.inject({ method: 'GET', url, headers: auth });
const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: auth, payload });
const del = (url: string) => app.inject({ method: 'DELETE', url, headers: auth });

beforeAll(async () => {
  parent = realpathSync(mkdtempSync(join(tmpdir(), 'awb-checkpoint-routes-')));
  workspace = join(parent, 'ws');
  mkdirSync(workspace);
  writeFileSync(join(workspace, 'a.txt'), 'one\n');
  harness = await createServiceHarness({
    checkpoints: true,
    workspace,
    createToolset: (options) => createToolset({ ...options, sandbox: false }),
  });
  app = await buildServer({
    service: harness.service,
    settings: createSettingsStore(harness.dataDir, {}),
    sessionKey: SESSION_KEY,
    version: '0.0.0-test',
    defaultWorkspace: workspace,
    dataDir: harness.dataDir,
    logger: false,
    allowedOrigins: [],
  });
  id = await harness.create();
  await harness.service.setSecrets(id, { API_TOKEN: SECRET });
  harness.llm.setScript({
    turns: [
      {
        tool_calls: [
          {
            id: 'sh',
            name: 'terminal',
            arguments: { command: `echo two > a.txt; printf 'token=%s\\n' "$API_TOKEN" > secret.txt` },
          },
        ],
      },
      { tool_calls: [{ id: 'f', name: 'finish', arguments: { message: 'done' } }] },
    ],
  });
  await harness.say(id, 'edit');
  expect(await harness.settled(id, 30_000)).toBe('finished');
  // The agent's command had the secret in its environment: the file holds the value itself.
  expect(readFileSync(join(workspace, 'secret.txt'), 'utf8')).toBe(`token=${SECRET}\n`);
  const list = await get(`/api/conversations/${id}/checkpoints`);
  checkpoint = list.json().items[0].id;
});

afterAll(async () => {
  await app?.close();
  await harness?.close();
  rmSync(parent, { recursive: true, force: true });
});

describe('checkpoint routes', () => {
  it('lists the checkpoints of the steps', async () => {
    const response = await get(`/api/conversations/${id}/checkpoints`);
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{40}$/), seq: expect.any(Number) });
    expect((await get(`/api/conversations/${UNKNOWN}/checkpoints`)).statusCode).toBe(404);
  });

  it('answers the changes since the start, with relative paths', async () => {
    const response = await get(`/api/conversations/${id}/changes`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ from: 'start', to: 'now', skipped: [] });
    expect(
      body.files.map((file: { path: string; status: string }) => [file.path, file.status]).sort(),
    ).toEqual([
      ['a.txt', 'modified'],
      ['secret.txt', 'added'],
    ]);
    const between = await get(`/api/conversations/${id}/changes?from=${checkpoint}&to=${checkpoint}`);
    expect(between.json().files).toEqual([]);
  });

  it('masks secrets in diffs and file contents', async () => {
    const diff = await get(`/api/conversations/${id}/changes/diff?path=secret.txt`);
    expect(diff.statusCode).toBe(200);
    expect(diff.body).not.toContain(SECRET);
    expect(diff.json().unified).toContain('token=');
    const file = await get(`/api/conversations/${id}/changes/file?path=secret.txt`);
    expect(file.statusCode).toBe(200);
    expect(file.body).not.toContain(SECRET);
    expect(file.json()).toMatchObject({ path: 'secret.txt', at: 'now', binary: false, truncated: false });
    const before = await get(`/api/conversations/${id}/changes/file?path=a.txt&at=${checkpoint}`);
    expect(before.json().content).toBe('one\n');
  });

  it('refuses bad refs and paths with stable codes', async () => {
    const unknownCheckpoint = await get(`/api/conversations/${id}/changes?from=${'a'.repeat(40)}`);
    expect(unknownCheckpoint.statusCode).toBe(404);
    expect(unknownCheckpoint.json().code).toBe('checkpoint_not_found');
    expect((await get(`/api/conversations/${id}/changes?from=HEAD`)).statusCode).toBe(422);
    const outside = await get(`/api/conversations/${id}/changes/file?path=../ws.txt`);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe('path_outside_workspace');
    const absolute = await get(
      `/api/conversations/${id}/changes/diff?path=${encodeURIComponent('/etc/passwd')}`,
    );
    expect(absolute.json().code).toBe('path_outside_workspace');
    const missing = await get(`/api/conversations/${id}/changes/file?path=nope.txt`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('file_not_found');
    const unchanged = await get(`/api/conversations/${id}/changes/diff?path=nope.txt`);
    expect(unchanged.statusCode).toBe(404);
    expect(unchanged.json().code).toBe('file_not_changed');
    expect((await get(`/api/conversations/${UNKNOWN}/changes`)).statusCode).toBe(404);
  });

  it('previews, restores and undoes a restore', async () => {
    const preview = await post(`/api/conversations/${id}/restore`, {
      checkpoint_id: checkpoint,
      dry_run: true,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().event_id).toBeUndefined();
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('two\n');
    const restore = await post(`/api/conversations/${id}/restore`, { checkpoint_id: checkpoint });
    expect(restore.statusCode).toBe(200);
    const body = restore.json();
    expect(body.files.map((file: { path: string }) => file.path).sort()).toEqual(['a.txt', 'secret.txt']);
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('one\n');
    expect(existsSync(join(workspace, 'secret.txt'))).toBe(false);
    const event = await get(`/api/conversations/${id}/events/${body.event_id}`);
    expect(event.json()).toMatchObject({ kind: 'FilesRestoredEvent', checkpoint_id: checkpoint });
    const undo = await post(`/api/conversations/${id}/restore`, { checkpoint_id: body.backup_checkpoint_id });
    expect(undo.statusCode).toBe(200);
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('two\n');
    expect((await post(`/api/conversations/${id}/restore`, { checkpoint_id: 'x' })).statusCode).toBe(422);
    const unknown = await post(`/api/conversations/${id}/restore`, { checkpoint_id: 'b'.repeat(40) });
    expect(unknown.statusCode).toBe(404);
  });

  it('forks with its own files and deletes them only when asked', async () => {
    const fork = await post(`/api/conversations/${id}/fork`, { files: 'copy' });
    expect(fork.statusCode).toBe(201);
    const info = fork.json();
    expect(info.branch_folder).toBe(true);
    const folder = info.workspace.working_dir;
    expect(dirname(folder)).toBe(join(parent, 'ws.branches'));
    expect(readFileSync(join(folder, 'a.txt'), 'utf8')).toBe('two\n');
    const shared = await post(`/api/conversations/${id}/fork`, { files: 'shared' });
    expect(shared.json()).toMatchObject({ branch_folder: false, workspace: { working_dir: workspace } });
    expect((await post(`/api/conversations/${id}/fork`, { files: 'link' })).statusCode).toBe(422);

    const bad = await del(`/api/conversations/${info.id}?delete_files=yes`);
    expect(bad.statusCode).toBe(422);
    const deleted = await del(`/api/conversations/${info.id}?delete_files=true`);
    expect(deleted.statusCode).toBe(200);
    expect(existsSync(folder)).toBe(false);
    const kept = await del(`/api/conversations/${shared.json().id}?delete_files=true`);
    expect(kept.statusCode).toBe(200);
    expect(readFileSync(join(workspace, 'a.txt'), 'utf8')).toBe('two\n');
  });
});
