import { type ChildProcess, spawn } from 'node:child_process';
import type Docker from 'dockerode';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentText, type TerminalObservation } from '../../events';
import type { ToolContext } from '../tool';
import { createTerminalSession, type TerminalSessionOptions } from './terminal-session';
import { createTerminalTool, type TerminalTool } from './terminal-tool';
import { requireExecutable } from '../../sandbox/testing/require-executable';
import { ENGINE_START_MS, requireEngine } from '../../sandbox/docker/testing/require-engine';
import { testDockerBackend } from '../../sandbox/docker/testing/test-docker-backend';
import { writeStandInBridge } from './testing/stand-in-bridge';

/**
 * Each test is an attack an untrusted agent could try from its terminal; each one succeeded against
 * the old sandbox (`--ro-bind / /`, shared network and PID namespace, root capabilities kept). The
 * same attacks run against both backends, bubblewrap and docker, with the same expected results.
 */

type BackendKind = 'bubblewrap' | 'docker' | 'podman';
let backendKind: BackendKind = 'bubblewrap';
let docker: Docker | undefined;

let root: string;
let homeDir: string;
let workspaceDir: string;
let dataDir: string;
const openTools: TerminalTool[] = [];
const children: ChildProcess[] = [];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'awb-confinement-'));
  homeDir = join(root, 'home');
  workspaceDir = join(root, 'workspace');
  dataDir = join(root, 'data');
  await mkdir(join(homeDir, '.ssh'), { recursive: true });
  await writeFile(join(homeDir, '.ssh', 'id_ed25519'), 'ssh-private-key-material\n');
  await writeFile(join(homeDir, '.netrc'), 'machine example.com password netrc-secret\n');
  await mkdir(workspaceDir);
  await mkdir(dataDir);
  await writeFile(join(dataDir, 'session-key'), 'session-key-secret\n');
});

afterEach(async () => {
  await Promise.all(openTools.splice(0).map((tool) => tool.close()));
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

function terminal(options: Partial<TerminalSessionOptions> = {}, noOutputTimeoutMs = 5_000): TerminalTool {
  const settings: TerminalSessionOptions = {
    workspaceDir,
    dataDir,
    env: { ...process.env, HOME: homeDir },
    sandbox: true,
    ...options,
  };
  const backend =
    backendKind !== 'bubblewrap' && docker !== undefined
      ? testDockerBackend(docker, {
          workspaceDir: settings.workspaceDir,
          dataDir: settings.dataDir ?? dataDir,
          homeDir,
          ...(settings.denyPaths === undefined ? {} : { denyPaths: settings.denyPaths }),
          ...(settings.network === undefined ? {} : { network: settings.network }),
          ...(settings.limits === undefined ? {} : { limits: settings.limits }),
        })
      : undefined;
  const session = createTerminalSession({ ...settings, ...(backend === undefined ? {} : { backend }) });
  const tool = createTerminalTool(session, noOutputTimeoutMs);
  openTools.push(tool);
  return tool;
}

async function run(
  tool: TerminalTool,
  args: Record<string, unknown>,
  signal = new AbortController().signal,
): Promise<TerminalObservation & { text: string }> {
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.error);
  const context: ToolContext = {
    conversationId: 'c1',
    workspaceDir,
    observationsDir: join(root, 'observations'),
    signal,
  };
  const observation = (await tool.execute(parsed.action, context)) as TerminalObservation;
  return { ...observation, text: contentText(observation.content) };
}

/** Host processes whose command line is exactly `words`. */
function hostProcesses(words: string[]): number[] {
  const wanted = `${words.join('\0')}\0`;
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8') === wanted) found.push(Number(entry));
    } catch {
      // the process ended while we looked; it is not alive
    }
  }
  return found;
}

async function eventually(check: () => boolean, limitMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe.each(['bubblewrap', 'docker', 'podman'] as const)('sandbox confinement (real %s)', (kind) => {
  beforeAll(async () => {
    backendKind = kind;
    if (kind === 'bubblewrap') requireExecutable('bwrap', 'bubblewrap');
    else docker = await requireEngine(kind);
  }, ENGINE_START_MS);
  describe('files', () => {
    it('hides the data dir with the session key', async () => {
      const tool = terminal();
      const observation = await run(tool, { command: `cat ${join(dataDir, 'session-key')}; ls ${dataDir}` });
      expect(observation.text).not.toContain('session-key-secret');
      expect(observation.text).not.toContain('session-key\n');
    });

    it("cannot reach the runtime's Unix socket in the data dir (the ingress's door to it)", async () => {
      // Listening as the runtime does (src/server/process/listen-on-unix-socket.ts): 0600 in a 0700 folder.
      const socketPath = join(dataDir, 'sockets', 'runtime.sock');
      await mkdir(join(dataDir, 'sockets'), { mode: 0o700 });
      const answer = 'HTTP/1.1 200 OK\r\nContent-Length: 17\r\nConnection: close\r\n\r\nRUNTIME-ANSWERED\n';
      const runtime = createServer((socket) => socket.end(answer));
      await new Promise<void>((resolve) => runtime.listen(socketPath, resolve));
      try {
        const observation = await run(terminal(), {
          command: `echo "curl=$(command -v curl)"; test -e ${socketPath} && echo SOCKET-SEEN; curl -s --max-time 3 --unix-socket ${socketPath} http://runtime/server_info; echo attack-done`,
        });
        expect(observation.text).toMatch(/curl=\//);
        expect(observation.text).toContain('attack-done');
        expect(observation.text).not.toContain('SOCKET-SEEN');
        expect(observation.text).not.toContain('RUNTIME-ANSWERED');
      } finally {
        runtime.close();
      }
    });

    it('hides credentials in the home directory and gives an empty writable home', async () => {
      const tool = terminal();
      const observation = await run(tool, {
        command: 'cat ~/.ssh/id_ed25519 ~/.netrc; ls -A ~ | wc -l; touch ~/made && echo home-writable',
      });
      expect(observation.text).not.toContain('ssh-private-key-material');
      expect(observation.text).not.toContain('netrc-secret');
      expect(observation.text).toMatch(/^0$/m);
      expect(observation.text).toContain('home-writable');
      expect(existsSync(join(homeDir, 'made'))).toBe(false);
    });

    it('masks credentials when the workspace is the home directory', async () => {
      const tool = terminal({ workspaceDir: homeDir });
      const observation = await run(tool, { command: 'cat .ssh/id_ed25519 .netrc; echo mine > own.txt' });
      expect(observation.text).not.toContain('ssh-private-key-material');
      expect(observation.text).not.toContain('netrc-secret');
      expect(readFileSync(join(homeDir, 'own.txt'), 'utf8')).toBe('mine\n');
    });

    it('masks a data dir and a denied path that lie inside the workspace', async () => {
      const innerData = join(workspaceDir, '.awb-data');
      const deniedFile = join(workspaceDir, 'private.env');
      await mkdir(innerData);
      await writeFile(join(innerData, 'session-key'), 'inner-session-secret\n');
      await writeFile(deniedFile, 'TOKEN=denied-secret\n');
      await writeFile(join(workspaceDir, 'public.txt'), 'public-content\n');
      const tool = terminal({ dataDir: innerData, denyPaths: [deniedFile] });
      const observation = await run(tool, {
        command: `cat .awb-data/session-key private.env public.txt; echo x > .awb-data/new 2>/dev/null`,
      });
      expect(observation.text).not.toContain('inner-session-secret');
      expect(observation.text).not.toContain('denied-secret');
      expect(observation.text).toContain('public-content');
      expect(existsSync(join(innerData, 'new'))).toBe(false);
    });

    it('does not bind the rest of the host file system', async () => {
      const outside = join(root, 'outside.txt');
      await writeFile(outside, 'outside-secret\n');
      const tool = terminal();
      const observation = await run(tool, {
        command: `cat ${outside}; cat /etc/shadow; ls /work /root 2>&1`,
      });
      expect(observation.text).not.toContain('outside-secret');
      expect(observation.text).not.toMatch(/^root:/m);
    });

    it('still runs ordinary tools', async () => {
      const tool = terminal();
      const observation = await run(tool, {
        command: 'ls /usr/bin >/dev/null && node -e "console.log(6*7)" && git --version',
      });
      expect(observation.text).toContain('42');
      expect(observation.exit_code).toBe(0);
    });
  });

  describe('network', () => {
    let server: Server;
    let port: number;
    let connections: number;

    beforeEach(async () => {
      connections = 0;
      server = createServer((socket) => {
        connections += 1;
        socket.end('HTTP/1.0 200 OK\r\n\r\nhost-service-reached\n');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      port = typeof address === 'object' && address !== null ? address.port : 0;
    });

    afterEach(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('cannot reach a service on the host loopback through /dev/tcp', async () => {
      const tool = terminal();
      const observation = await run(tool, {
        command: `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected; cat <&3`,
        timeout: 5,
      });
      expect(observation.text).not.toContain('host-service-reached');
      expect(connections).toBe(0);
    });

    it('cannot reach a service on the host loopback with curl', async () => {
      requireExecutable('curl', 'curl');
      const tool = terminal();
      const observation = await run(tool, {
        command: `curl -sS -m 3 http://127.0.0.1:${port}/`,
        timeout: 10,
      });
      expect(observation.text).not.toContain('host-service-reached');
      expect(observation.exit_code).not.toBe(0);
      expect(connections).toBe(0);
    });

    it('starts the proxy bridge inside the namespace and points the proxy variables at it', async () => {
      const socketDir = join(root, 'proxy');
      await mkdir(socketDir);
      const bridge = join(root, 'bridge.mjs');
      const standIn = await writeStandInBridge(bridge, join(workspaceDir, 'bridge.log'));
      const tool = terminal({
        network: { proxySocketPath: join(socketDir, 'proxy.sock'), bridgeScriptPath: bridge },
      });
      const observation = await run(tool, {
        command: `end=$((SECONDS + 30)); until curl -s -m 2 http://example.com/; do [ $SECONDS -ge $end ] && break; sleep 0.25; done; echo "[$https_proxy][$NO_PROXY]"; curl -s -m 2 --noproxy '*' http://127.0.0.1:${port}/ || echo direct-blocked`,
        timeout: 40,
      });
      expect(observation.text, `the stand-in bridge noted: ${await standIn.notes()}`).toContain(
        `bridge-ok ${join(socketDir, 'proxy.sock')}`,
      );
      expect(observation.text).toContain('[http://127.0.0.1:3128][localhost,127.0.0.1,::1]');
      expect(observation.text).toContain('direct-blocked');
      expect(connections).toBe(0);
      expect(observation.text).not.toMatch(/bash-\d/);
      const next = await run(tool, { command: 'echo prompt-still-works' });
      expect(next.text.split('\n')[0]).toBe('prompt-still-works');
      // The command itself may wait 30 s for the bridge (40 s with its timeout): a test limit below that
      // ended it on a loaded machine before it could say what it saw.
    }, 90_000);

    it('has only the loopback interface', async () => {
      const tool = terminal();
      const observation = await run(tool, { command: "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '" });
      expect(observation.text.split('\n').filter((line) => /^\w+$/.test(line))).toEqual(['lo']);
    });
  });

  describe('processes', () => {
    it('runs without capabilities and cannot remount the system read-write', async () => {
      const tool = terminal();
      const caps = await run(tool, { command: 'grep CapEff /proc/self/status' });
      expect(caps.text).toMatch(/CapEff:\s+0000000000000000/);
      const remount = await run(tool, { command: 'mount -o remount,rw /usr' });
      expect(remount.exit_code).not.toBe(0);
      const write = await run(tool, { command: 'touch /usr/awb-probe' });
      expect(write.exit_code).not.toBe(0);
    });

    it('cannot see or signal the runtime and other host processes', async () => {
      const victim = spawn('sleep', ['1000'], { stdio: 'ignore' });
      children.push(victim);
      const victimPid = victim.pid ?? 0;
      const tool = terminal();
      const observation = await run(tool, {
        command: [
          `ls -d /proc/${process.pid} 2>/dev/null && echo runtime-visible`,
          `kill -0 ${process.pid} 2>/dev/null && echo runtime-signalable`,
          `cat /proc/${process.pid}/environ >/dev/null 2>&1 && echo environ-readable`,
          `kill -9 ${victimPid} 2>/dev/null && echo victim-killed`,
          'echo probe-done',
        ].join('; '),
      });
      expect(observation.text).toContain('probe-done');
      expect(observation.text).not.toContain('runtime-visible');
      expect(observation.text).not.toContain('runtime-signalable');
      expect(observation.text).not.toContain('environ-readable');
      expect(observation.text).not.toContain('victim-killed');
      expect(victim.exitCode).toBeNull();
      expect(victim.signalCode).toBeNull();
    });

    it('cannot enter the namespaces of host process 1', async () => {
      const tool = terminal();
      const observation = await run(tool, { command: 'nsenter -t 1 -a true && echo entered' });
      expect(observation.text).not.toContain('entered');
      expect(observation.exit_code).not.toBe(0);
    });

    it('leaves no background process alive after close, however it was detached', async () => {
      const tag = `${600 + Math.floor(Math.random() * 1_000)}.5`;
      const commands = [
        `(sleep ${tag}1 &)`,
        `nohup sleep ${tag}2 >/dev/null 2>&1 & disown`,
        `setsid sleep ${tag}3 &`,
      ];
      const tool = terminal();
      for (const command of commands) await run(tool, { command });
      const names = [1, 2, 3].map((index) => ['sleep', `${tag}${index}`]);
      expect(await eventually(() => names.every((words) => hostProcesses(words).length === 1))).toBe(true);
      await tool.close();
      expect(await eventually(() => names.every((words) => hostProcesses(words).length === 0))).toBe(true);
    });

    it('leaves no background process alive after a reset', async () => {
      const tag = `${700 + Math.floor(Math.random() * 1_000)}.25`;
      const tool = terminal();
      await run(tool, { command: `setsid nohup sleep ${tag} >/dev/null 2>&1 & disown` });
      expect(await eventually(() => hostProcesses(['sleep', tag]).length === 1)).toBe(true);
      await run(tool, { command: '', reset: true });
      expect(await eventually(() => hostProcesses(['sleep', tag]).length === 0)).toBe(true);
    });

    it('interrupts a running command with the abort signal', async () => {
      const tool = terminal({}, 30_000);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 300);
      const observation = await run(tool, { command: 'echo before; sleep 100' }, controller.signal);
      expect(observation.text).toContain('Interrupted');
      expect((await run(tool, { command: 'echo recovered' })).text).toContain('recovered');
    });
  });

  describe('limits', () => {
    it('reports hitting the process limit, and the terminal works afterwards', async () => {
      const tool = terminal({}, 20_000);
      // Each sleep outlives the loop however slowly this machine forks, so the limit is reached.
      const observation = await run(tool, {
        command:
          "sh -c 'i=0; while [ $i -lt 600 ]; do sleep 6.5 & i=$((i+1)); done' 2>/dev/null; echo loop-ended",
        timeout: 60,
      });
      expect(observation.text).toContain('loop-ended');
      expect(observation.text).toContain('process limit (512 processes)');
      expect(await eventually(() => hostProcesses(['sleep', '6.5']).length === 0, 30_000)).toBe(true);
      const after = await run(tool, {
        command: 'echo still-works; ls / >/dev/null && echo forks-again',
      });
      expect(after.text).toContain('forks-again');
      expect(after.text).not.toContain('process limit');
    });

    it('kills a command that allocates past the memory limit, and says so', async () => {
      const tool = terminal({ limits: { maxProcesses: 512, maxMemoryMb: 64 } }, 20_000);
      const observation = await run(tool, {
        command: 'head -c 300M /dev/zero | tail -n 1 | wc -c',
        timeout: 60,
      });
      expect(observation.text).toContain('memory limit (64 MiB)');
      expect((await run(tool, { command: 'echo still-works' })).text).toContain('still-works');
    });
  });
});
