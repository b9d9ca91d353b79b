import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../http/build-server';
import type { ZodApp } from '../../http/server-context';
import { createTestServer, type TestServer } from '../../testing/create-test-server';

const SESSION_KEY = 'workspaces-routes-key-0123456789abcdef';
const auth = { 'x-session-api-key': SESSION_KEY };

let root: string;
let runtime: TestServer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'awb-workspaces-'));
  mkdirSync(join(root, 'project'));
  runtime = await createTestServer();
  symlinkSync(runtime.dataDir, join(root, 'looks-harmless'));
});

afterAll(async () => {
  await runtime.close();
  rmSync(root, { recursive: true, force: true });
});

/** A fresh server on the runtime's data dir: what a restart would read. */
async function server(): Promise<ZodApp> {
  return buildServer({
    service: runtime.service,
    settings: runtime.settings,
    sessionKey: SESSION_KEY,
    version: '0.0.0-test',
    defaultWorkspace: runtime.workspace,
    dataDir: runtime.dataDir,
  });
}

const item = (path: string) => ({ id: path, name: path.split('/').pop() || '/', path });

describe('/api/workspaces', () => {
  it('adds, lists (deduped by path), keeps across a restart and removes saved workspaces and parents', async () => {
    const app = await server();
    const project = join(root, 'project');
    const added = await app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: auth,
      payload: { workspaces: [item(project), item(project)] },
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ workspaces: [item(project)], workspaceParents: [] });
    const parents = await app.inject({
      method: 'POST',
      url: '/api/workspaces/parents',
      headers: auth,
      payload: { parents: [item(root)] },
    });
    expect(parents.json()).toEqual({ workspaces: [item(project)], workspaceParents: [item(root)] });
    expect(statSync(join(runtime.dataDir, 'upstream-workspaces.json')).mode & 0o777).toBe(0o600);
    await app.close();

    const restarted = await server();
    const listed = await restarted.inject({ url: '/api/workspaces', headers: auth });
    expect(listed.json()).toEqual({ workspaces: [item(project)], workspaceParents: [item(root)] });
    const query = `?path=${encodeURIComponent(project)}`;
    expect(
      (await restarted.inject({ method: 'DELETE', url: `/api/workspaces${query}`, headers: auth })).json(),
    ).toEqual({
      deleted: true,
    });
    expect(
      (await restarted.inject({ method: 'DELETE', url: `/api/workspaces${query}`, headers: auth }))
        .statusCode,
    ).toBe(404);
    const parentQuery = `?path=${encodeURIComponent(root)}`;
    expect(
      (
        await restarted.inject({
          method: 'DELETE',
          url: `/api/workspaces/parents${parentQuery}`,
          headers: auth,
        })
      ).statusCode,
    ).toBe(200);
    expect((await restarted.inject({ url: '/api/workspaces', headers: auth })).json()).toEqual({
      workspaces: [],
      workspaceParents: [],
    });
    await restarted.close();
  });

  it('attack: the data dir, a link to it, credential folders, /proc and relative paths are never saved', async () => {
    const app = await server();
    const hostile = [
      runtime.dataDir,
      join(runtime.dataDir, 'sub'),
      join(root, 'looks-harmless'),
      join(root, 'looks-harmless', 'sub'),
      join(homedir(), '.ssh'),
      '/proc/self',
      'relative/folder',
      `${root}/project/../../..${runtime.dataDir}`,
    ];
    for (const path of hostile) {
      for (const [url, payload] of [
        ['/api/workspaces', { workspaces: [item(path)] }],
        ['/api/workspaces/parents', { parents: [item(path)] }],
      ] as const) {
        const answer = await app.inject({ method: 'POST', url, headers: auth, payload });
        expect(answer.statusCode, `${url} ${path}`).toBeGreaterThanOrEqual(400);
        expect(answer.statusCode, `${url} ${path}`).toBeLessThan(500);
      }
    }
    const refusedParent = await app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: auth,
      payload: { workspaces: [{ ...item(join(root, 'project')), parentPath: runtime.dataDir }] },
    });
    expect(refusedParent.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/workspaces', headers: auth })).json()).toEqual({
      workspaces: [],
      workspaceParents: [],
    });
    await app.close();
  });

  it('refuses unknown fields and oversized names as upstream validates them', async () => {
    const app = await server();
    const long = await app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: auth,
      payload: { workspaces: [{ ...item(join(root, 'project')), name: 'x'.repeat(300) }] },
    });
    expect(long.statusCode).toBe(422);
    await app.close();
  });
});
