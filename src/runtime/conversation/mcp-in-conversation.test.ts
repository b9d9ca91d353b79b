import { join } from 'node:path';
import type Docker from 'dockerode';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ActionEvent, ConversationErrorEvent, ObservationEvent, SystemPromptEvent } from '../events';
import { bundleReferenceServers } from '../mcp/backend-test-sandbox';
import type { MCPStdioServer } from '../mcp/mcp-server-config';
import { bwrapPath, everythingServer as hostEverythingServer } from '../mcp/testing-servers';
import { withMCPTools } from '../mcp/with-mcp-tools';
import { requireDocker } from '../sandbox/docker/testing/require-docker';
import { testDockerBackend } from '../sandbox/docker/testing/test-docker-backend';
import type { SandboxBackend } from '../sandbox/sandbox-backend';
import { createToolset } from '../tools/create-toolset';
import {
  createServiceHarness,
  type HarnessOptions,
  type ServiceHarness,
} from './testing/create-service-harness';

let harness: ServiceHarness;
let kind: 'bubblewrap' | 'docker' = 'bubblewrap';
let docker: Docker | undefined;
/** The reference servers bundled into single files, which the container's node runs (shown read-only). */
let bundles = '';
const backends: SandboxBackend[] = [];
afterEach(async () => {
  await harness?.close();
  await Promise.all(backends.splice(0).map((backend) => backend.dispose()));
});

/** The everything server as this backend runs it: the runtime's node in bubblewrap, the image's in a container. */
function everythingServer(extra: Partial<MCPStdioServer> = {}): MCPStdioServer {
  if (kind === 'bubblewrap') return hostEverythingServer(extra);
  return { command: 'node', args: [join(bundles, 'everything.mjs'), 'stdio'], ...extra };
}

/**
 * The real tools plus the real reference MCP servers, stdio ones in the backend's sandbox: bubblewrap,
 * or the conversation's container (its startPiped).
 */
async function start(options: HarnessOptions): Promise<void> {
  harness = await createServiceHarness({
    ...options,
    createToolset: (request) => {
      const backend =
        kind === 'docker' && docker !== undefined
          ? testDockerBackend(docker, {
              workspaceDir: request.workspaceDir,
              dataDir: harness.dataDir,
              exposedPaths: [bundles],
            })
          : undefined;
      if (backend) backends.push(backend);
      return withMCPTools(createToolset({ ...request, sandbox: false }), request.mcpServers, {
        workspaceDir: request.workspaceDir,
        readOnlyDir: request.workspaceDir,
        dataDir: harness.dataDir,
        bwrapPath,
        ...(backend?.startPiped ? { startPiped: backend.startPiped.bind(backend) } : {}),
      });
    },
  });
}

const echoCall = { tool_calls: [{ name: 'everything__echo', arguments: { message: 'from the model' } }] };

describe.each(['bubblewrap', 'docker'] as const)('MCP servers in a conversation (%s)', (backendKind) => {
  beforeAll(async () => {
    kind = backendKind;
    bundles = await bundleReferenceServers();
    docker = backendKind === 'docker' ? await requireDocker() : undefined;
  }, 120_000);

  it("the model calls a global server's tool and reads what it answered", async () => {
    await start({
      mcpServers: { everything: everythingServer() },
      script: { turns: [echoCall, { text: 'done' }] },
    });
    const id = await harness.create();
    await harness.say(id, 'echo something');
    expect(await harness.settled(id, 30_000)).toBe('finished');
    const [action] = (await harness.kinds(id, 'ActionEvent')) as ActionEvent[];
    expect(action?.action).toMatchObject({ kind: 'MCPToolAction', server: 'everything', tool: 'echo' });
    // Declared read-only by its server: LOW, so the default policy would not ask.
    expect(action?.security_risk).toBe('LOW');
    const [observation] = (await harness.kinds(id, 'ObservationEvent')) as ObservationEvent[];
    expect(observation?.observation).toMatchObject({ kind: 'MCPToolObservation', is_error: false });
    expect(JSON.stringify(observation?.observation.content)).toContain('Echo: from the model');
    expect(harness.llm.calls[0]?.tools.map((tool) => tool.name)).toContain('everything__echo');
    const [prompt] = (await harness.kinds(id, 'SystemPromptEvent')) as SystemPromptEvent[];
    expect(prompt?.tools.map((tool) => tool.name)).toContain('everything__echo');
  }, 60_000);

  it('a server that cannot start is a notice naming it, and the conversation runs without it', async () => {
    await start({
      mcpServers: { broken: { command: '/nonexistent/mcp-server-binary' } },
      script: { turns: [{ text: 'still here' }] },
    });
    const id = await harness.create();
    const [notice] = (await harness.kinds(id, 'ConversationErrorEvent')) as ConversationErrorEvent[];
    expect(notice?.code).toBe('MCPServerUnavailable');
    expect(notice?.detail).toContain('"broken"');
    await harness.say(id, 'hello');
    expect(await harness.settled(id, 30_000)).toBe('finished');
    // Said once, not again at the run's start.
    expect(await harness.kinds(id, 'ConversationErrorEvent')).toHaveLength(1);
    expect(await harness.service.mcpStatus(id)).toEqual([
      expect.objectContaining({ name: 'broken', state: 'failed', reason: expect.any(String) }),
    ]);
  }, 60_000);

  it("a conversation's own servers start beside the global ones; it can leave a global one off", async () => {
    await start({
      mcpServers: { everything: everythingServer() },
      script: { turns: [echoCall, { text: 'done' }] },
    });
    const id = await harness.create({
      mcp_config: { mcpServers: { mine: everythingServer() }, disabled_global: ['everything'] },
    });
    const status = await harness.service.mcpStatus(id);
    expect(status.map(({ name, state }) => ({ name, state }))).toEqual([
      { name: 'everything', state: 'disabled' },
      { name: 'mine', state: 'ready' },
    ]);
    await harness.say(id, 'echo');
    expect(await harness.settled(id, 30_000)).toBe('finished');
    // The global server is off: the model's call to it is an unknown tool.
    expect(harness.llm.calls[0]?.tools.map((tool) => tool.name)).toContain('mine__echo');
    expect(harness.llm.calls[0]?.tools.map((tool) => tool.name)).not.toContain('everything__echo');
  }, 60_000);

  it("no env value of a server's settings reaches the log, though the server prints its environment", async () => {
    const globalValue = 'global-mcp-value-7f3a9c2e51';
    const ownValue = 'own-mcp-value-0b8d4e6a13';
    await start({
      mcpServers: { shared: everythingServer({ env: { SHARED_TOKEN: globalValue } }) },
      script: {
        turns: [
          {
            tool_calls: [
              { name: 'shared__get-env', arguments: {} },
              { name: 'mine__get-env', arguments: {} },
            ],
          },
          { text: 'done' },
        ],
      },
    });
    const id = await harness.create({
      mcp_config: { mcpServers: { mine: everythingServer({ env: { OWN_TOKEN: ownValue } }) } },
    });
    await harness.say(id, 'print the environment');
    expect(await harness.settled(id, 30_000)).toBe('finished');
    const observations = (await harness.kinds(id, 'ObservationEvent')) as ObservationEvent[];
    expect(observations).toHaveLength(2);
    const stored = JSON.stringify(await harness.events(id));
    expect(stored).toContain('SHARED_TOKEN');
    expect(stored).toContain('OWN_TOKEN');
    expect(stored).not.toContain(globalValue);
    expect(stored).not.toContain(ownValue);
    expect(JSON.stringify(harness.llm.calls[1]?.messages)).not.toContain(ownValue);
  }, 60_000);

  it('an MCP call goes through the confirmation policy like any other action', async () => {
    await start({
      mcpServers: { everything: everythingServer() },
      confirmationPolicy: { kind: 'AlwaysConfirm' },
      script: { turns: [echoCall, { text: 'done' }] },
    });
    const id = await harness.create();
    await harness.say(id, 'echo something');
    expect(await harness.settled(id, 30_000)).toBe('waiting_for_confirmation');
    expect(await harness.kinds(id, 'ObservationEvent')).toHaveLength(0);
  }, 60_000);

  it('turning a global server off for a loaded conversation stops it, and the next run does without it', async () => {
    await start({
      mcpServers: { everything: everythingServer() },
      script: { turns: [{ text: 'first' }, { text: 'second' }] },
    });
    const id = await harness.create();
    // A page holds the conversation loaded, tools and all.
    const subscription = await harness.service.subscribe(id, () => undefined);
    try {
      await harness.say(id, 'one');
      expect(await harness.settled(id, 30_000)).toBe('finished');
      expect(harness.llm.calls[0]?.tools.map((tool) => tool.name)).toContain('everything__echo');
      const status = await harness.service.setDisabledGlobalMCPServers(id, ['everything']);
      expect(status).toEqual([
        expect.objectContaining({ name: 'everything', state: 'disabled', source: 'settings' }),
      ]);
      await harness.say(id, 'two');
      expect(await harness.settled(id, 30_000)).toBe('finished');
      expect(harness.llm.calls[1]?.tools.map((tool) => tool.name)).not.toContain('everything__echo');
    } finally {
      subscription.unsubscribe();
    }
  }, 60_000);
});
