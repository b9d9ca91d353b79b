import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireExecutable } from '../../runtime/sandbox/testing/require-executable';
import { createTestServer, type TestServer } from '../testing/create-test-server';

const SECRET = 'trajectory-secret-value-0123456789';
const READ_BACK = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as archive:
    assert archive.testzip() is None
    print(json.dumps({info.filename: archive.read(info).decode("utf-8") for info in archive.infolist()}))
`;

let server: TestServer;
let folder: string;

beforeAll(async () => {
  server = await createTestServer();
  folder = mkdtempSync(join(tmpdir(), 'awb-trajectory-'));
});

afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('GET /api/file/download-trajectory/{id}', () => {
  it("zips the conversation as upstream's folder: base_state.json and one file an event, secrets masked", async () => {
    const python = requireExecutable('python3', 'python3');
    const { app, auth, workspace } = server;
    const created = await app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: auth,
      payload: { workspace: { working_dir: workspace } },
    });
    const id = created.json().id as string;
    await app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/secrets`,
      headers: auth,
      payload: { secrets: { DEPLOY_TOKEN: SECRET } },
    });
    await app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/events`,
      headers: auth,
      payload: { role: 'user', content: [{ type: 'text', text: `use ${SECRET} please` }], run: false },
    });
    const answer = await app.inject({ url: `/api/file/download-trajectory/${id}`, headers: auth });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    const hex = id.replaceAll('-', '');
    expect(answer.headers['content-disposition']).toContain(`${hex}.zip`);
    const path = join(folder, 'trajectory.zip');
    writeFileSync(path, answer.rawPayload);
    const files = JSON.parse(execFileSync(python, ['-c', READ_BACK, path]).toString()) as Record<
      string,
      string
    >;
    expect(JSON.parse(files[`${hex}/base_state.json`] ?? '{}')).toMatchObject({ id });
    const events = Object.keys(files).filter((name) => name.startsWith(`${hex}/events/event-`));
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]).toMatch(/\/event-00000-[\w-]+\.json$/);
    const all = Object.values(files).join('\n');
    expect(all).toContain('please');
    expect(all).not.toContain(SECRET);
  });

  it('answers 404 for an unknown conversation', async () => {
    const answer = await server.app.inject({
      url: `/api/file/download-trajectory/${randomUUID()}`,
      headers: server.auth,
    });
    expect(answer.statusCode).toBe(404);
  });
});
