import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import { createScriptedLLM } from '../../runtime/llm/scripted-llm';
import { createSettingsStore, type SettingsStore } from '../../runtime/settings/settings-store';
import { createInMemoryEventStore } from '../../runtime/store/in-memory-event-store';
import { buildServer } from '../http/build-server';
import type { ZodApp } from '../http/server-context';
import { createTestService } from './create-test-service';

export const FILE_ROUTES_KEY = 'file-routes-test-key-0123456789abcdef';
export const fileRoutesAuth = { 'x-session-api-key': FILE_ROUTES_KEY };

/** A server for the workspace file API tests, on folders of its own under the OS temp dir. */
export interface FileRoutesServer {
  root: string;
  /** The runtime's data dir (session key and settings.json in it): off limits to the file API. */
  dataDir: string;
  workspace: string;
  /** HOME while the server lives, where credential folders are looked for. */
  home: string;
  settings: SettingsStore;
  app: ZodApp;
  upload(path: string, content: Buffer | string, fileName?: string): Promise<LightMyRequestResponse>;
  download(path: string): Promise<LightMyRequestResponse>;
  /** Closes the server and its service, restores HOME and removes the folders. */
  close(): Promise<void>;
}

export async function startFileRoutesServer(): Promise<FileRoutesServer> {
  const root = await mkdtemp(join(tmpdir(), 'file-routes-'));
  const dataDir = join(root, 'data');
  const workspace = join(root, 'workspace');
  const home = join(root, 'home');
  await mkdir(dataDir, { mode: 0o700 });
  await mkdir(workspace);
  await mkdir(home);
  await writeFile(join(dataDir, 'session-key'), FILE_ROUTES_KEY, { mode: 0o600 });
  await writeFile(join(dataDir, 'settings.json'), '{"llm":null}\n', { mode: 0o600 });
  // Credential folders are found under HOME, which os.homedir() reads.
  vi.stubEnv('HOME', home);
  const settings = createSettingsStore(dataDir, { LLM_PROVIDER: 'openai-compatible', LLM_MODEL: 'scripted' });
  const llm = createScriptedLLM({ turns: [], fallback: { text: 'Done.' } });
  const store = createInMemoryEventStore();
  const service = createTestService({ store, dataDir, workspace, settings, createLLM: () => llm });
  const app = await buildServer({
    service,
    settings,
    sessionKey: FILE_ROUTES_KEY,
    version: '0.0.0-test',
    defaultWorkspace: workspace,
    dataDir,
    allowedOrigins: [],
  });
  return {
    root,
    dataDir,
    workspace,
    home,
    settings,
    app,
    upload(path, content, fileName) {
      const form = multipart(content, fileName);
      return app.inject({
        method: 'POST',
        url: `/api/file/upload?path=${encodeURIComponent(path)}`,
        headers: form.headers,
        payload: form.body,
      });
    },
    download: (path) =>
      app.inject({ url: `/api/file/download?path=${encodeURIComponent(path)}`, headers: fileRoutesAuth }),
    async close() {
      await app.close();
      await service.close();
      await store.close();
      vi.unstubAllEnvs();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** A multipart/form-data upload body of one file field, with the session key. */
export function multipart(content: Buffer | string, fileName = 'a.txt', field = 'file') {
  const boundary = `----test${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    body,
    headers: { ...fileRoutesAuth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * Every name under a folder, recursively, to prove nothing was left behind. Links are listed, never
 * followed: a test plants `up -> ..`, which a following walk would loop through.
 */
export async function tree(folder: string, prefix = ''): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const name = `${prefix}${entry.name}`;
    names.push(name);
    if (entry.isDirectory()) names.push(...(await tree(join(folder, entry.name), `${name}/`)));
  }
  return names.sort();
}
