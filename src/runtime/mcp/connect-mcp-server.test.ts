import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINE_START_MS, requireEngine } from '../sandbox/docker/testing/require-engine';
import { type BackendTestSandbox, makeBackendTestSandbox } from './backend-test-sandbox';
import {
  connectMCPServer,
  type MCPCallOutcome,
  type MCPConnection,
  MCPStartError,
} from './connect-mcp-server';

let box: BackendTestSandbox;
const open: MCPConnection[] = [];

async function connect(name: string, config: Parameters<typeof connectMCPServer>[1]) {
  const connection = await connectMCPServer(name, config, box.sandbox);
  open.push(connection);
  return connection;
}

const signal = () => new AbortController().signal;

function textOf(outcome: MCPCallOutcome): string {
  return outcome.kind === 'result' ? JSON.stringify(outcome.result.content) : JSON.stringify(outcome);
}

describe.each(['bubblewrap', 'docker', 'podman'] as const)(
  'connectMCPServer against the reference servers from npm (%s)',
  (kind) => {
    // Podman's first start in a process may load the image (tens of seconds): once, before the tests.
    beforeAll(async () => {
      if (kind !== 'bubblewrap') await requireEngine(kind);
    }, ENGINE_START_MS);

    beforeEach(async () => {
      box = await makeBackendTestSandbox(kind);
    });

    afterEach(async () => {
      await Promise.all(open.splice(0).map((connection) => connection.close()));
      await box.remove();
    });

    it('lists the tools of the everything server with their annotations', async () => {
      const connection = await connect('everything', box.everything());
      const echo = connection.tools.find((tool) => tool.name === 'echo');
      expect(echo?.annotations).toEqual({ read_only: true, destructive: false });
      expect(echo?.inputSchema).toMatchObject({ type: 'object', properties: { message: expect.anything() } });
      expect(connection.tools.map((tool) => tool.name)).toContain('get-tiny-image');
    });

    it('calls a tool and returns its text', async () => {
      const connection = await connect('everything', box.everything());
      const outcome = await connection.call('echo', { message: 'hello there' }, signal());
      expect(outcome).toMatchObject({
        kind: 'result',
        result: { content: [{ type: 'text', text: 'Echo: hello there' }] },
      });
    });

    it('returns an image result', async () => {
      const connection = await connect('everything', box.everything());
      const outcome = await connection.call('get-tiny-image', {}, signal());
      expect(outcome.kind).toBe('result');
      const content = outcome.kind === 'result' ? (outcome.result.content as Array<{ type: string }>) : [];
      expect(content.some((block) => block.type === 'image')).toBe(true);
    });

    it('reports a call with bad arguments as an error result', async () => {
      const connection = await connect('everything', box.everything());
      const outcome = await connection.call('get-sum', { a: 'not a number' }, signal());
      expect(outcome).toMatchObject({ kind: 'result', result: { isError: true } });
    });

    it('cancels a call that takes longer than the call timeout', async () => {
      const connection = await connect('everything', box.everything({ call_timeout_seconds: 0.5 }));
      const outcome = await connection.call(
        'trigger-long-running-operation',
        { duration: 20, steps: 2 },
        signal(),
      );
      expect(outcome).toEqual({ kind: 'timed_out', timeoutMs: 500 });
    });

    it('answers an interrupted call as aborted', async () => {
      const connection = await connect('everything', box.everything());
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
        { command: box.node, args: ['-e', 'console.error("no config here"); process.exit(3)'] },
        box.sandbox,
      );
      await expect(failing).rejects.toThrow(MCPStartError);
      await expect(failing).rejects.toThrow(/"broken" could not be started.*no config here/s);
    });

    it('gives up on a server that never answers within the list timeout', async () => {
      const silent = connectMCPServer(
        'silent',
        { command: box.node, args: ['-e', 'setInterval(() => {}, 1000)'], list_timeout_seconds: 0.5 },
        box.sandbox,
      );
      await expect(silent).rejects.toThrow(/"silent" could not be started: did not answer within 0.5 s/);
    });

    it('fails a call when the server dies in the middle of it, and every later call', async () => {
      const script = join(box.workspaceDir, 'dies.mjs');
      // A real server (the everything server) that exits while a call is under way.
      await writeFile(
        script,
        `await import('./.mcp-servers/everything.mjs');\nprocess.stdin.on('data', (d) => { if (String(d).includes('"tools/call"')) setTimeout(() => process.exit(9), 50); });\n`,
      );
      const connection = await connect('dying', { command: box.node, args: [script, 'stdio'] });
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
      const connection = await connect('fs', box.filesystem('/'));
      const inside = await connection.call(
        'read_text_file',
        { path: join(box.workspaceDir, 'notes.txt') },
        signal(),
      );
      expect(inside).toMatchObject({
        kind: 'result',
        result: { content: [{ text: 'inside the workspace' }] },
      });
      const hidden = await connection.call(
        'read_text_file',
        { path: join(box.dataDir, 'session-key') },
        signal(),
      );
      expect(JSON.stringify(hidden)).not.toContain('secret');
    });

    it("a server sees its sandbox, never the host: in a container neither the host's files nor the runtime's data dir", async () => {
      await writeFile(join(box.dataDir, 'session-key'), 'secret');
      const connection = await connect('fs', box.filesystem('/'));
      const read = (path: string) => connection.call('read_text_file', { path }, signal());
      expect(textOf(await read(join(box.dataDir, 'session-key')))).not.toContain('secret');
      if (kind !== 'bubblewrap') {
        // The container's own /etc, not the host's (which bubblewrap shows read-only).
        expect(textOf(await read('/etc/hostname'))).toContain('sandbox');
        expect(textOf(await read('/etc/hostname'))).not.toContain(hostname());
        // The runtime's own files lie outside the workspace: not in the container at all.
        expect(textOf(await read(join(process.cwd(), 'package.json')))).not.toContain('agent-workbench');
      }
    });
  },
);
