import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observationsDir } from '../../runtime/conversation/observations-dir';
import { CreateConversationSchema, ForkSchema } from '../../runtime/conversation/requests';
import { createSecretRegistry } from '../../runtime/secrets/create-secret-registry';
import { createToolset } from '../../runtime/tools/create-toolset';
import { buildServer } from '../http/build-server';
import type { ZodApp } from '../http/server-context';
import { createTestServer, type TestServer } from '../testing/create-test-server';
import { MAX_OUTPUT_BYTES } from './output-routes';

const SESSION_KEY = 'output-routes-session-key-0123456789abcdef';
const auth = { 'x-session-api-key': SESSION_KEY };

let root: string;
let runtime: TestServer;
let app: ZodApp;
let ownId: string;
let otherId: string;
let cutPath: string;
let otherPath: string;

async function newConversation(): Promise<string> {
  const { info } = await runtime.service.create(
    CreateConversationSchema.parse({ workspace: { working_dir: runtime.workspace } }),
  );
  return info.id;
}

/** Runs the real terminal tool with the conversation's observations folder: a command whose output gets cut. */
async function cutOutput(conversationId: string, command: string): Promise<string> {
  const folder = observationsDir(runtime.dataDir, conversationId);
  const toolset = createToolset({ conversationId, workspaceDir: runtime.workspace, observationsDir: folder });
  try {
    const terminal = toolset.get('terminal');
    if (terminal === undefined) throw new Error('no terminal');
    const parsed = terminal.parseArguments({ command });
    if (!parsed.ok) throw new Error(parsed.error);
    const observation = await terminal.execute(parsed.action, {
      conversationId,
      workspaceDir: runtime.workspace,
      observationsDir: folder,
      signal: new AbortController().signal,
    });
    if (observation.kind !== 'TerminalObservation' || observation.full_output_path === undefined) {
      throw new Error('the output was not cut');
    }
    return observation.full_output_path;
  } finally {
    await toolset.close();
  }
}

const get = (id: string, path: string) =>
  app.inject({ method: 'GET', url: `/api/conversations/${id}/outputs`, query: { path }, headers: auth });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'awb-output-routes-'));
  runtime = await createTestServer();
  // The session key as the runtime keeps it: a file in the data dir the agent must never read through us.
  writeFileSync(join(runtime.dataDir, 'session-key'), SESSION_KEY);
  writeFileSync(join(root, 'elsewhere.txt'), 'outside the data dir');
  app = await buildServer({
    service: runtime.service,
    settings: runtime.settings,
    sessionKey: SESSION_KEY,
    version: '0.0.0-test',
    defaultWorkspace: runtime.workspace,
    dataDir: runtime.dataDir,
    secrets: createSecretRegistry(() => [{ name: 'session-key', value: SESSION_KEY }]),
  });
  ownId = await newConversation();
  otherId = await newConversation();
  cutPath = await cutOutput(ownId, `seq 1 100000; echo "key ${SESSION_KEY}"; echo last-line-of-output`);
  otherPath = await cutOutput(otherId, 'seq 1 50000; echo other-conversation-output');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await runtime?.close();
  rmSync(root, { recursive: true, force: true });
});

function expectNotFound(response: { statusCode: number; json(): unknown; body: string }) {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({
    detail: 'No saved output of this conversation at this path',
    code: 'output_not_found',
  });
}

describe('GET /api/conversations/{id}/outputs', () => {
  it('answers a cut terminal output whole, with known secrets masked', async () => {
    const response = await get(ownId, cutPath);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { path: string; size: number; content: string; truncated: boolean };
    expect(body.path).toBe(cutPath);
    expect(body.truncated).toBe(false);
    expect(body.content.startsWith('1\n2\n3\n')).toBe(true);
    // The middle the model never saw is there.
    expect(body.content).toContain('\n50000\n');
    expect(body.content.trimEnd().endsWith('last-line-of-output')).toBe(true);
    expect(body.content).not.toContain(SESSION_KEY);
    expect(body.content).toContain('key ‹secret:session-key›');
    expect(body.size).toBeGreaterThan(body.content.length - 100);
  });

  it("refuses another conversation's output with the same 404", async () => {
    expectNotFound(await get(ownId, otherPath));
    expect((await get(otherId, otherPath)).statusCode).toBe(200);
  });

  it('refuses `..`, absolute paths elsewhere, relative paths and the folder itself', async () => {
    const ownFolder = observationsDir(runtime.dataDir, ownId);
    const otherFolder = observationsDir(runtime.dataDir, otherId);
    const otherName = otherPath.slice(otherFolder.length + 1);
    expectNotFound(await get(ownId, `${ownFolder}/../${otherId.replaceAll('-', '')}/${otherName}`));
    expectNotFound(await get(ownId, `${ownFolder}/../../session-key`));
    expectNotFound(await get(ownId, join(runtime.dataDir, 'session-key')));
    expectNotFound(await get(ownId, join(root, 'elsewhere.txt')));
    expectNotFound(await get(ownId, '/etc/passwd'));
    expectNotFound(await get(ownId, otherName));
    expectNotFound(await get(ownId, ownFolder));
    expectNotFound(await get(ownId, join(ownFolder, 'missing.txt')));
  });

  it('refuses a link planted in the observations folder that points at the session key', async () => {
    const folder = observationsDir(runtime.dataDir, ownId);
    symlinkSync(join(runtime.dataDir, 'session-key'), join(folder, 'planted.txt'));
    mkdirSync(join(folder, 'sub'));
    symlinkSync(runtime.dataDir, join(folder, 'sub', 'up'));
    expectNotFound(await get(ownId, join(folder, 'planted.txt')));
    expectNotFound(await get(ownId, join(folder, 'sub', 'up', 'session-key')));
  });

  it('answers 404 conversation_not_found for an unknown conversation', async () => {
    const response = await get('00000000-0000-4000-8000-000000000000', cutPath);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'conversation_not_found' });
  });

  it('lets a branch open the outputs its copied log names from the conversation it was branched from', async () => {
    const branch = await runtime.service.fork(ownId, ForkSchema.parse({}));
    expect((await get(branch.id, cutPath)).statusCode).toBe(200);
    // The source does not see the branch's.
    const branchPath = await cutOutput(branch.id, 'seq 1 40000');
    expectNotFound(await get(ownId, branchPath));
    expect((await get(branch.id, branchPath)).statusCode).toBe(200);
  });

  it('cuts an output larger than the cap and says so', async () => {
    const folder = observationsDir(runtime.dataDir, ownId);
    const big = join(folder, 'terminal-big.txt');
    const line = `${'x'.repeat(1023)}\n`;
    writeFileSync(big, line.repeat(MAX_OUTPUT_BYTES / 1024 + 10));
    const response = await get(ownId, big);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { size: number; content: string; truncated: boolean };
    expect(body.truncated).toBe(true);
    expect(body.size).toBe(MAX_OUTPUT_BYTES + 10 * 1024);
    expect(body.content.length).toBe(MAX_OUTPUT_BYTES);
    rmSync(big);
  });

  it('needs a path', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/conversations/${ownId}/outputs`,
      headers: auth,
    });
    expect(response.statusCode).toBe(422);
  });
});
