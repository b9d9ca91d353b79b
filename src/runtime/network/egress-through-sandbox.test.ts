import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentText } from '../events';
import { ENGINE_START_MS, requireEngine } from '../sandbox/docker/testing/require-engine';
import { testDockerBackend } from '../sandbox/docker/testing/test-docker-backend';
import { createTerminalSession } from '../tools/terminal/terminal-session';
import { createTerminalTool, type TerminalTool } from '../tools/terminal/terminal-tool';
import { requireExecutable } from '../sandbox/testing/require-executable';
import type { SandboxNetworkOptions } from '../sandbox/sandbox-network';
import { bridgeScriptPath } from './bridge-script-path';
import { createEgressProxy, type EgressProxy } from './create-egress-proxy';
import { startTestTarget, type TestTarget } from './egress-test-target';
import { prepareProxySocketPath } from './prepare-proxy-socket-path';

/**
 * The egress path end to end in each sandbox: a command reaches an allowlisted host through the
 * real bridge (127.0.0.1:3128 inside) and the conversation's real proxy, and nothing else: not a
 * host off the allowlist, not a direct connection, not anything while the network switch is off.
 * The target listens on the host's loopback, which only the test's proxy may reach (allowAddress).
 */
describe.each(['bubblewrap', 'docker', 'podman'] as const)('egress through the %s sandbox', (kind) => {
  let root: string;
  let workspaceDir: string;
  let dataDir: string;
  let target: TestTarget;
  let proxy: EgressProxy;
  let network: SandboxNetworkOptions;
  let networkOn = true;
  let docker: Docker | undefined;
  const open: TerminalTool[] = [];

  beforeAll(async () => {
    requireExecutable('bwrap', 'bubblewrap');
    if (kind !== 'bubblewrap') docker = await requireEngine(kind);
    root = await mkdtemp(join(tmpdir(), 'awb-egress-'));
    workspaceDir = join(root, 'workspace');
    dataDir = join(root, 'data');
    await mkdir(workspaceDir, { recursive: true });
    await mkdir(dataDir, { recursive: true });
    target = await startTestTarget();
    const location = prepareProxySocketPath(dataDir, `egress-${kind}`);
    proxy = await createEgressProxy({
      socketPath: location.socketPath,
      allowlist: ['allowed.test'],
      allowedPorts: [target.port],
      refuseAll: () => (networkOn ? undefined : 'network is off for this conversation'),
      // Test-only: the fake names map to the host's loopback, which the default rules refuse.
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      allowAddress: (address) => address === '127.0.0.1',
    });
    network = { proxySocketPath: location.socketPath, bridgeScriptPath };
  }, ENGINE_START_MS);
  afterEach(async () => {
    networkOn = true;
    await Promise.all(open.splice(0).map((tool) => tool.close()));
  });
  afterAll(async () => {
    await proxy?.close();
    await target?.close();
    await rm(root, { recursive: true, force: true });
  });

  function terminal(through = network): TerminalTool {
    const backend =
      docker === undefined
        ? undefined
        : testDockerBackend(docker, { workspaceDir, dataDir, network: through });
    const session = createTerminalSession({
      workspaceDir,
      dataDir,
      env: { ...process.env },
      sandbox: true,
      network: through,
      ...(backend === undefined ? {} : { backend }),
    });
    const tool = createTerminalTool(session, 30_000);
    open.push(tool);
    return tool;
  }

  async function run(tool: TerminalTool, command: string): Promise<string> {
    const parsed = tool.parseArguments({ command, timeout: 60 });
    if (!parsed.ok) throw new Error(parsed.error);
    const observation = await tool.execute(parsed.action, {
      conversationId: 'c1',
      workspaceDir,
      observationsDir: join(root, 'observations'),
      signal: new AbortController().signal,
    });
    return contentText(observation.content);
  }

  /** Waits for the bridge, which the sandbox starts beside the shell, to listen. */
  const bridgeUp =
    'for attempt in $(seq 200); do (exec 3<>/dev/tcp/127.0.0.1/3128) 2>/dev/null && break; sleep 0.1; done';

  it("a fresh sandbox's first command waits for a bridge slow to listen", async () => {
    // The real bridge, started late: the sandbox must wait for it before the first command (docker
    // did not, and a first request in a new container was refused a connection to 127.0.0.1:3128).
    // Within each backend's patience: bubblewrap's shell waits 2 s, the docker container 5 s.
    const delayMs = kind === 'bubblewrap' ? 800 : 3000;
    const slowBridge = join(root, `slow-bridge-${kind}.mjs`);
    const source = await readFile(bridgeScriptPath, 'utf8');
    const delay = `await new Promise((resolve) => setTimeout(resolve, ${delayMs}));`;
    await writeFile(slowBridge, source.replace("import net from 'node:net';", `$&\n${delay}`));
    const tool = terminal({ ...network, bridgeScriptPath: slowBridge });
    const text = await run(tool, '(exec 3<>/dev/tcp/127.0.0.1/3128) 2>/dev/null; echo "bridge-exit=$?"');
    expect(text).toContain('bridge-exit=0');
  });

  it('reaches an allowlisted host through the bridge and the proxy, plain and tunnelled', async () => {
    const tool = terminal();
    const url = `http://allowed.test:${target.port}/hello`;
    const text = await run(
      tool,
      `${bridgeUp}; echo "plain: $(curl -sS -m 20 ${url})"; echo "tunnel: $(curl -sS -m 20 -p ${url})"; echo "in: $(hostname)"; touch ~/made && echo home-writable`,
    );
    // With a network the container's first process is the bridge's user: the commands' home is still theirs.
    expect(text).toContain('home-writable');
    // The container's own hostname: the docker variant never ran on the host by mistake.
    if (kind !== 'bubblewrap') expect(text).toContain('in: sandbox');
    expect(text).toContain('plain: hello from the target');
    expect(text).toContain('tunnel: hello from the target');
  });

  it('is refused a host off the allowlist, a direct connection, and everything while the switch is off', async () => {
    const tool = terminal();
    const before = target.requests.length;
    const refused = await run(
      tool,
      [
        bridgeUp,
        `echo "other: $(curl -sS -m 20 http://example.com:${target.port}/hello)"`,
        `curl -sS -m 5 --noproxy '*' http://127.0.0.1:${target.port}/hello || echo direct-failed`,
      ].join('; '),
    );
    expect(refused).toContain(
      'other: blocked by Agent Workbench: example.com is not in the network allowlist',
    );
    expect(refused).toContain('direct-failed');
    networkOn = false;
    const off = await run(tool, `curl -sS -m 20 http://allowed.test:${target.port}/hello`);
    expect(off).toContain('network is off for this conversation');
    // None of them arrived.
    expect(target.requests.slice(before)).toEqual([]);
  });
});
