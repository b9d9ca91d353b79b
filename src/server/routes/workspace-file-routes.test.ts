import { chmod, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsStore } from '../../runtime/settings/settings-store';
import { buildServer } from '../http/build-server';
import type { ZodApp } from '../http/server-context';
import {
  FILE_ROUTES_KEY as KEY,
  fileRoutesAuth as auth,
  type FileRoutesServer,
  multipart,
  startFileRoutesServer,
} from '../testing/start-file-routes-server';

let server: FileRoutesServer;
let dataDir: string;
let workspace: string;
let home: string;
let settings: SettingsStore;
let app: ZodApp;

beforeAll(async () => {
  server = await startFileRoutesServer();
  ({ dataDir, workspace, home, settings, app } = server);
});
afterAll(() => server.close());

const upload = (path: string, content: Buffer | string, fileName?: string) =>
  server.upload(path, content, fileName);
const download = (path: string) => server.download(path);

describe('upload', () => {
  it('writes the file, making the folders on the way, and answers success with the size', async () => {
    const path = join(workspace, 'deep/er/file.txt');
    const response = await upload(path, 'hello upload');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, file_size: 12 });
    expect(await readFile(path, 'utf8')).toBe('hello upload');
  });

  it('replaces an existing file atomically, keeping its permission bits', async () => {
    const path = join(workspace, 'script.sh');
    await writeFile(path, 'old');
    await chmod(path, 0o750);
    expect((await upload(path, 'new')).statusCode).toBe(200);
    expect(await readFile(path, 'utf8')).toBe('new');
    expect((await stat(path)).mode & 0o777).toBe(0o750);
    expect((await readdir(workspace)).filter((name) => name.endsWith('.upload'))).toEqual([]);
  });

  it('writes binary content byte for byte', async () => {
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, index) => index));
    expect((await upload(join(workspace, 'bytes.bin'), bytes)).statusCode).toBe(200);
    expect(await readFile(join(workspace, 'bytes.bin'))).toEqual(bytes);
  });

  it('refuses a destination that is a folder with 400 path_is_directory', async () => {
    await mkdir(join(workspace, 'a-folder'), { recursive: true });
    const response = await upload(join(workspace, 'a-folder'), 'x');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('path_is_directory');
  });

  it('refuses a relative path with 400 as upstream does', async () => {
    const response = await upload('relative/file.txt', 'x');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Path must be absolute', code: 'path_not_absolute' });
  });

  it('refuses a body that is not multipart with 415, and a form without a file field with 422', async () => {
    const json = await app.inject({
      method: 'POST',
      url: `/api/file/upload?path=${encodeURIComponent(join(workspace, 'j.txt'))}`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    const form = multipart('x', 'a.txt', 'other');
    const wrongField = await app.inject({
      method: 'POST',
      url: `/api/file/upload?path=${encodeURIComponent(join(workspace, 'k.txt'))}`,
      headers: form.headers,
      payload: form.body,
    });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().code).toBe('upload_file_missing');
  });

  it('answers 422 without the path parameter and ignores unknown query parameters', async () => {
    const form = multipart('x');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: form.headers,
      payload: form.body,
    });
    expect(missing.statusCode).toBe(422);
    const extra = await app.inject({
      method: 'POST',
      url: `/api/file/upload?path=${encodeURIComponent(join(workspace, 'extra.txt'))}&unknown=1`,
      headers: form.headers,
      payload: form.body,
    });
    expect(extra.statusCode).toBe(200);
  });
});

describe('download', () => {
  it('streams the bytes as an attachment with a safe content type', async () => {
    await writeFile(join(workspace, 'page.html'), '<script>alert(1)</script>');
    const response = await download(join(workspace, 'page.html'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<script>alert(1)</script>');
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="page.html"; filename*=UTF-8''page.html`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-length']).toBe('25');
  });

  it('follows links that lead somewhere allowed', async () => {
    await writeFile(join(workspace, 'target.txt'), 'through a link');
    await symlink(join(workspace, 'target.txt'), join(workspace, 'link.txt'));
    const response = await download(join(workspace, 'link.txt'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('through a link');
  });

  it('answers 404 for a missing file and 400 for a folder, as upstream', async () => {
    const missing = await download(join(workspace, 'nope.txt'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'File not found', code: 'file_not_found' });
    expect((await download(join(workspace, 'no-folder/nope.txt'))).statusCode).toBe(404);
    const folder = await download(workspace);
    expect(folder.statusCode).toBe(400);
    expect(folder.json().code).toBe('path_not_a_file');
    expect((await download('relative.txt')).statusCode).toBe(400);
  });

  it('round-trips what upload wrote', async () => {
    const bytes = Buffer.from('round trip \u00e9\n');
    await upload(join(workspace, 'rt/file.txt'), bytes);
    expect((await download(join(workspace, 'rt/file.txt'))).rawPayload).toEqual(bytes);
  });
});

describe('home and search_subdirs', () => {
  beforeEach(async () => {
    await mkdir(join(home, 'Projects'), { recursive: true });
    await mkdir(join(home, 'alpha'), { recursive: true });
    await mkdir(join(home, '.hidden'), { recursive: true });
    await writeFile(join(home, 'file.txt'), 'not a folder');
  });
  afterEach(async () => {
    await rm(join(home, '.hidden'), { recursive: true, force: true });
  });

  it('answers the home, its visible top-level folders and the roots', async () => {
    const response = await app.inject({ url: '/api/file/home', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      home,
      favorites: [
        { label: 'alpha', path: join(home, 'alpha') },
        { label: 'Projects', path: join(home, 'Projects') },
      ],
      locations: [{ label: '/', path: '/' }],
    });
  });

  it('adds hidden folders when asked, never the credential folders', async () => {
    await mkdir(join(home, '.ssh'), { recursive: true });
    const response = await app.inject({ url: '/api/file/home?include_hidden=true', headers: auth });
    const labels = response.json().favorites.map((entry: { label: string }) => entry.label);
    expect(labels).toContain('.hidden');
    expect(labels).not.toContain('.ssh');
  });

  it('lists sub-folders sorted ignoring case, skipping files and links, a page at a time', async () => {
    const base = join(workspace, 'pick');
    for (const name of ['b', 'A', 'c', 'D']) await mkdir(join(base, name), { recursive: true });
    await writeFile(join(base, 'file'), 'x');
    await symlink(join(base, 'A'), join(base, 'link'));
    const first = await app.inject({
      url: `/api/file/search_subdirs?path=${encodeURIComponent(base)}&limit=2`,
      headers: auth,
    });
    expect(first.json()).toEqual({
      items: [
        { name: 'A', path: join(base, 'A') },
        { name: 'b', path: join(base, 'b') },
      ],
      next_page_id: 'c',
    });
    const second = await app.inject({
      url: `/api/file/search_subdirs?path=${encodeURIComponent(base)}&limit=2&page_id=c`,
      headers: auth,
    });
    expect(second.json()).toEqual({
      items: [
        { name: 'c', path: join(base, 'c') },
        { name: 'D', path: join(base, 'D') },
      ],
      next_page_id: null,
    });
  });

  it('answers 404 for a missing folder and 400 for a file or a relative path', async () => {
    const ask = (path: string) =>
      app.inject({ url: `/api/file/search_subdirs?path=${encodeURIComponent(path)}`, headers: auth });
    expect((await ask(join(workspace, 'missing'))).statusCode).toBe(404);
    expect((await ask(join(home, 'file.txt'))).statusCode).toBe(400);
    expect((await ask('relative')).statusCode).toBe(400);
  });
});

describe('without a data dir to protect', () => {
  it('answers 503 workspace_api_unavailable rather than serving files unguarded', async () => {
    const bare = await buildServer({
      settings,
      sessionKey: KEY,
      version: '0.0.0-test',
      defaultWorkspace: workspace,
      allowedOrigins: [],
    });
    try {
      const response = await bare.inject({
        url: `/api/file/download?path=${encodeURIComponent(join(dataDir, 'session-key'))}`,
        headers: auth,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('workspace_api_unavailable');
    } finally {
      await bare.close();
    }
  });
});
