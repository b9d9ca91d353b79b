import { mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

/**
 * Upstream front ends (the Agent Canvas) name a working folder that does not exist yet
 * (`~/workspace/project/<id>`) and expect the server to make it. It is made, but never where the
 * sandbox hides things: the data dir, credential folders, sandbox.deny_paths, /proc, /sys, also not
 * through a link planted on the way.
 */
let server: TestServer;
let root: string;
let home: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'working-folder-'));
  home = join(root, 'home');
  await mkdir(home);
  // Credential folders are found under HOME, which os.homedir() reads.
  vi.stubEnv('HOME', home);
  server = await createTestServer();
});
afterEach(async () => {
  await server.close();
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

async function createIn(workingDir: string) {
  return call(server, {
    method: 'POST',
    url: '/api/conversations',
    payload: { workspace: { kind: 'LocalWorkspace', working_dir: workingDir } },
  });
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

describe('a missing working folder', () => {
  it('is made (with its parents) and the conversation works in it', async () => {
    const folder = join(home, 'workspace', 'project', 'abc123');
    const { status, body } = await createIn(folder);
    expect(status).toBe(201);
    expect((body as { workspace: { working_dir: string } }).workspace.working_dir).toBe(folder);
    expect((await stat(folder)).isDirectory()).toBe(true);
  });

  it('is refused (403 workspace_forbidden) inside the data dir, and nothing is made there', async () => {
    const folder = join(server.dataDir, 'observations', 'planted');
    const { status, body } = await createIn(folder);
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 'workspace_forbidden' });
    expect(await exists(folder)).toBe(false);
  });

  it('is refused inside a credential folder (~/.ssh) and in sandbox.deny_paths', async () => {
    await mkdir(join(home, '.ssh'));
    const inSsh = await createIn(join(home, '.ssh', 'keys'));
    expect(inSsh.status).toBe(403);
    expect(await exists(join(home, '.ssh', 'keys'))).toBe(false);

    const denied = join(root, 'secret-stuff');
    const saved = await call(server, {
      method: 'PATCH',
      url: '/api/settings',
      payload: { sandbox: { deny_paths: [denied] } },
    });
    expect(saved.status).toBe(200);
    const inDenied = await createIn(join(denied, 'a', 'b'));
    expect(inDenied.status).toBe(403);
    expect(await exists(denied)).toBe(false);
  });

  it('is refused under /proc and /sys', async () => {
    expect((await createIn('/proc/self/planted')).status).toBe(403);
    expect((await createIn('/sys/planted')).status).toBe(403);
  });

  it('is refused when a link on the way leads into the data dir or ~/.ssh', async () => {
    await mkdir(join(home, '.ssh'));
    await symlink(server.dataDir, join(root, 'to-data'));
    await symlink(join(home, '.ssh'), join(root, 'to-ssh'));
    const viaData = await createIn(join(root, 'to-data', 'project', 'x'));
    expect(viaData.status).toBe(403);
    expect(await exists(join(server.dataDir, 'project'))).toBe(false);
    const viaSsh = await createIn(join(root, 'to-ssh', 'x'));
    expect(viaSsh.status).toBe(403);
    expect(await exists(join(home, '.ssh', 'x'))).toBe(false);
  });

  it('is refused with 422 invalid_workspace when a file stands in the way', async () => {
    await writeFile(join(home, 'notes.txt'), 'a file');
    const { status, body } = await createIn(join(home, 'notes.txt', 'sub'));
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: 'invalid_workspace' });
  });
});
