import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectMCPServer, type MCPConnection, MCPStartError } from './connect-mcp-server';
import {
  EVERYTHING_SCRIPT,
  everythingServer,
  filesystemServer,
  makeTestSandbox,
  type TestSandbox,
} from './testing-servers';

let box: TestSandbox;
const open: MCPConnection[] = [];

beforeEach(async () => {
  box = await makeTestSandbox();
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
  await box.remove();
});

async function connect(name: string, config: Parameters<typeof connectMCPServer>[1]) {
  const connection = await connectMCPServer(name, config, box.sandbox);
  open.push(connection);
  return connection;
}

const signal = () => new AbortController().signal;

describe('connectMCPServer against the reference servers from npm', () => {
  it('lists the tools of the everything server with their annotations', async () => {
    const connection = await connect('everything', everythingServer());
    const echo = connection.tools.find((tool) => tool.name === 'echo');
    expect(echo?.annotations).toEqual({ read_only: true, destructive: false });
    expect(echo?.inputSchema).toMatchObject({ type: 'object', properties: { message: expect.anything() } });
    expect(connection.tools.map((tool) => tool.name)).toContain('get-tiny-image');
  });

  it('calls a tool and returns its text', async () => {
    const connection = await connect('everything', everythingServer());
    const outcome = await connection.call('echo', { message: 'hello there' }, signal());
    expect(outcome).toMatchObject({
      kind: 'result',
      result: { content: [{ type: 'text', text: 'Echo: hello there' }] },
    });
  });

  it('returns an image result', async () => {
    const connection = await connect('everything', everythingServer());
    const outcome = await connection.call('get-tiny-image', {}, signal());
    expect(outcome.kind).toBe('result');
    const content = outcome.kind === 'result' ? (outcome.result.content as Array<{ type: string }>) : [];
    expect(content.some((block) => block.type === 'image')).toBe(true);
  });

  it('reports a call with bad arguments as an error result', async () => {
    const connection = await connect('everything', everythingServer());
    const outcome = await connection.call('get-sum', { a: 'not a number' }, signal());
    expect(outcome).toMatchObject({ kind: 'result', result: { isError: true } });
  });

  it('cancels a call that takes longer than the call timeout', async () => {
    const connection = await connect('everything', everythingServer({ call_timeout_seconds: 0.5 }));
    const outcome = await connection.call(
      'trigger-long-running-operation',
      { duration: 20, steps: 2 },
      signal(),
    );
    expect(outcome).toEqual({ kind: 'timed_out', timeoutMs: 500 });
  });

  it('answers an interrupted call as aborted', async () => {
    const connection = await connect('everything', everythingServer());
    const controller = new AbortController();
    const call = connection.call(
      'trigger-long-running-operation',
      { duration: 20, steps: 2 },
      controller.signal,
    );
    setTimeout(() => controller.abort(), 100);
    expect(await call).toEqual({ kind: 'aborted' });
  });

  it('refuses a command that exits at once, with its output as the reason', async () => {
    const failing = connectMCPServer(
      'broken',
      { command: process.execPath, args: ['-e', 'console.error("no config here"); process.exit(3)'] },
      box.sandbox,
    );
    await expect(failing).rejects.toThrow(MCPStartError);
    await expect(failing).rejects.toThrow(/"broken" could not be started.*no config here/s);
  });

  it('gives up on a server that never answers within the list timeout', async () => {
    const silent = connectMCPServer(
      'silent',
      { command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], list_timeout_seconds: 0.5 },
      box.sandbox,
    );
    await expect(silent).rejects.toThrow(/"silent" could not be started: did not answer within 0.5 s/);
  });

  it('fails a call when the server dies in the middle of it, and every later call', async () => {
    const script = join(box.workspaceDir, 'dies.mjs');
    // A real server (the everything server) that exits while a call is under way.
    await writeFile(
      script,
      `await import(${JSON.stringify(EVERYTHING_SCRIPT)});\nprocess.stdin.on('data', (d) => { if (String(d).includes('"tools/call"')) setTimeout(() => process.exit(9), 50); });\n`,
    );
    const connection = await connect('dying', {
      command: process.execPath,
      args: [script, 'stdio'],
      read_only_paths: [EVERYTHING_SCRIPT.slice(0, EVERYTHING_SCRIPT.lastIndexOf('/node_modules/') + 13)],
    });
    const outcome = await connection.call(
      'trigger-long-running-operation',
      { duration: 5, steps: 1 },
      signal(),
    );
    expect(outcome.kind).toBe('failed');
    expect(connection.lost()).toMatch(/"dying" stopped/);
    const later = await connection.call('echo', { message: 'x' }, signal());
    expect(later).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/stopped/) });
  });

  it('runs the filesystem server inside the sandbox: the workspace is there, the data dir is not', async () => {
    await writeFile(join(box.workspaceDir, 'notes.txt'), 'inside the workspace');
    await writeFile(join(box.dataDir, 'session-key'), 'secret');
    const connection = await connect('fs', filesystemServer(box.root));
    const inside = await connection.call(
      'read_text_file',
      { path: join(box.workspaceDir, 'notes.txt') },
      signal(),
    );
    expect(inside).toMatchObject({ kind: 'result', result: { content: [{ text: 'inside the workspace' }] } });
    const hidden = await connection.call(
      'read_text_file',
      { path: join(box.dataDir, 'session-key') },
      signal(),
    );
    expect(JSON.stringify(hidden)).not.toContain('secret');
  });
});
