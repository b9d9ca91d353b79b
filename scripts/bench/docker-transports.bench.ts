import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { SSH_KEY_ENV, SSH_KNOWN_HOSTS_ENV } from '../../src/runtime/sandbox/docker/docker-transport';
import { loadDockerClient } from '../../src/runtime/sandbox/docker/load-docker-client';
import { requireDocker } from '../../src/runtime/sandbox/docker/testing/require-docker';
import { startSshDockerHost } from '../../src/runtime/sandbox/docker/testing/sshd-docker-host';
import { startTlsDockerRelay } from '../../src/runtime/sandbox/docker/testing/tls-docker-relay';
import { createTerminalSession } from '../../src/runtime/tools/terminal/terminal-session';
import type { BenchFigure } from './bench-figure';
import { benchDockerBackend, timeEcho } from './sandbox-bench-tools';

const FIRST_COMMANDS = 4;
const ROUND_TRIPS = 20;
const WARMUP = 3;

/**
 * The docker sandbox through each transport to the same local daemon, in one run: the local socket,
 * TCP with TLS (a TLS front verifying a client certificate) and SSH (a private sshd running `docker
 * system dial-stdio`). A conversation's first command (container made and started, the workspace
 * probe, the exec) and the round trip of `echo hi` once its shell runs.
 */
export default async function dockerTransportsBench(): Promise<BenchFigure[]> {
  await requireDocker();
  const relay = await startTlsDockerRelay();
  const host = await startSshDockerHost();
  const figures: BenchFigure[] = [];
  try {
    const transports: Array<[string, () => Docker]> = [
      ['unix socket', () => loadDockerClient({})],
      [
        'TLS',
        () =>
          loadDockerClient({
            DOCKER_HOST: `tcp://127.0.0.1:${relay.port}`,
            DOCKER_TLS_VERIFY: '1',
            DOCKER_CERT_PATH: relay.certDir,
          }),
      ],
      [
        'SSH',
        () =>
          loadDockerClient({
            DOCKER_HOST: `ssh://${host.user}@127.0.0.1:${host.port}`,
            [SSH_KEY_ENV]: host.clientKey,
            [SSH_KNOWN_HOSTS_ENV]: host.knownHosts,
          }),
      ],
    ];
    for (const [name, client] of transports) {
      const docker = client();
      const firsts: number[] = [];
      for (let run = 0; run < FIRST_COMMANDS; run++)
        await withSession(docker, async (echo) => {
          firsts.push(await echo());
        });
      figures.push({ name: `first command of a docker conversation (${name})`, unit: 'ms', samples: firsts });
      const trips: number[] = [];
      await withSession(docker, async (echo) => {
        for (let run = 0; run < WARMUP; run++) await echo();
        for (let run = 0; run < ROUND_TRIPS; run++) trips.push(await echo());
      });
      figures.push({ name: `docker command round trip, echo hi (${name})`, unit: 'ms', samples: trips });
    }
  } finally {
    await relay.close();
    await host.close();
  }
  return figures;
}

async function withSession(
  docker: Docker,
  use: (echo: () => Promise<number>) => Promise<void>,
): Promise<void> {
  const workspaceDir = await mkdtemp(join(tmpdir(), 'awb-transport-bench-'));
  const backend = benchDockerBackend(docker, workspaceDir);
  const session = createTerminalSession({ workspaceDir, backend });
  const echo = () => timeEcho(session);
  try {
    await use(echo);
  } finally {
    await session.close();
    await backend.dispose();
    await rm(workspaceDir, { recursive: true, force: true });
  }
}
