import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentText } from '../events';
import { bundleReferenceServers } from '../mcp/backend-test-sandbox';
import type { MCPServers } from '../mcp/mcp-server-config';
import { requireDocker } from '../sandbox/docker/testing/require-docker';
import { createRuntimeSandboxes, type RuntimeSandboxes } from '../sandbox/runtime-sandboxes';
import { type ConversationSandbox, DEFAULT_SANDBOX_IMAGE } from '../sandbox/sandbox-kind';
import { DEFAULT_SANDBOX_SETTINGS } from '../sandbox/sandbox-settings';
import { requireExecutable } from '../sandbox/testing/require-executable';
import type { Toolset } from '../tools/tool';
import { runConfined } from '../sandbox/run-confined';
import { createConfinedToolset } from './create-confined-toolset';

const DOCKER: ConversationSandbox = { kind: 'docker', image: DEFAULT_SANDBOX_IMAGE };
const BUBBLEWRAP: ConversationSandbox = { kind: 'bubblewrap' };

let root: string;
let workspaceDir: string;
let dataDir: string;
const opened: Toolset[] = [];
const runtimes: RuntimeSandboxes[] = [];

beforeAll(async () => {
  requireExecutable('bwrap', 'bubblewrap');
  await requireDocker();
  root = await mkdtemp(join(tmpdir(), 'awb-confined-toolset-'));
  workspaceDir = join(root, 'workspace');
  dataDir = join(root, 'data');
  await mkdir(workspaceDir, { recursive: true });
  await mkdir(dataDir, { recursive: true });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((toolset) => toolset.close()));
});
afterAll(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.sweep();
  await rm(root, { recursive: true, force: true });
});

/** A runtime whose default sandbox is `backend` (its launcher's --sandbox). */
function runtimeOn(backend: 'bubblewrap' | 'docker'): RuntimeSandboxes {
  const runtime = createRuntimeSandboxes({
    dataDir,
    // The test folders are root's: the runtime's own workspace is handed to the container user.
    defaultWorkspace: root,
    sandboxSettings: () => DEFAULT_SANDBOX_SETTINGS,
    runtimeName: `test-${backend}-${process.pid}`,
    env: { PATH: process.env.PATH, AGENT_WORKBENCH_SANDBOX_BACKEND: backend },
  });
  runtimes.push(runtime);
  return runtime;
}

function toolsetOf(
  runtime: RuntimeSandboxes,
  sandbox: ConversationSandbox,
  mcpServers?: MCPServers,
): Toolset {
  const toolset = createConfinedToolset(
    { dataDir, sandboxSettings: () => DEFAULT_SANDBOX_SETTINGS, docker: runtime.docker },
    {
      conversationId: `c-${sandbox.kind}-${opened.length}`,
      workspaceDir,
      sandbox,
      observationsDir: join(dataDir, 'observations', `c${opened.length}`),
      networkEnabled: () => false,
      ...(mcpServers ? { mcpServers } : {}),
    },
  );
  opened.push(toolset);
  return toolset;
}

async function terminal(toolset: Toolset, command: string): Promise<string> {
  return call(toolset, 'terminal', { command });
}

async function call(toolset: Toolset, name: string, args: Record<string, unknown>): Promise<string> {
  const tool = toolset.get(name);
  if (!tool) throw new Error(`no tool ${name}`);
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.error);
  const observation = await tool.execute(parsed.action, {
    conversationId: 'c',
    workspaceDir,
    observationsDir: join(dataDir, 'observations'),
    signal: new AbortController().signal,
  });
  return contentText(observation.content);
}

describe("a conversation's own sandbox, whatever the runtime's default", () => {
  it('runs a docker conversation in its container on a bubblewrap runtime, never in bubblewrap', async () => {
    const text = await terminal(
      toolsetOf(runtimeOn('bubblewrap'), DOCKER),
      'echo "uid=$(id -u) host=$(hostname)"',
    );
    expect(text).toContain('uid=1000 host=sandbox');
  });

  it('runs a bubblewrap conversation in bubblewrap on a docker runtime, never in a container', async () => {
    const text = await terminal(toolsetOf(runtimeOn('docker'), BUBBLEWRAP), 'echo "host=$(hostname)"');
    expect(text).toContain(`host=${hostname()}`);
  });

  it("runs a conversation's git calls and hooks where its commands run", async () => {
    const runtime = runtimeOn('bubblewrap');
    const run = (sandbox: ConversationSandbox) =>
      runConfined(runtime.confinement(sandbox), {
        argv: ['hostname'],
        workspaceDir,
        cwd: workspaceDir,
        timeoutMs: 60_000,
        maxOutputBytes: 1000,
      });
    expect((await run(DOCKER)).stdout.trim()).toBe('sandbox');
    expect((await run(BUBBLEWRAP)).stdout.trim()).toBe(hostname());
  });

  it("starts a docker conversation's stdio MCP servers in its container, on a bubblewrap runtime too", async () => {
    await copyFile(
      join(await bundleReferenceServers(), 'filesystem.mjs'),
      join(workspaceDir, 'fs-server.mjs'),
    );
    const toolset = toolsetOf(runtimeOn('bubblewrap'), DOCKER, {
      fs: { command: 'node', args: [join(workspaceDir, 'fs-server.mjs'), '/'] },
    });
    await toolset.ready?.();
    const hostnameFile = await call(toolset, 'fs__read_text_file', { path: '/etc/hostname' });
    expect(hostnameFile).toContain('sandbox');
    // Of the data dir only the conversation's own outputs and proxy folders are there, never its files.
    await writeFile(join(dataDir, 'session-key'), 'secret');
    expect(await call(toolset, 'fs__list_directory', { path: dataDir })).not.toContain('session-key');
    expect(await call(toolset, 'fs__read_text_file', { path: join(dataDir, 'session-key') })).not.toContain(
      'secret',
    );
  });
});
