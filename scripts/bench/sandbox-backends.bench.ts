import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBubblewrapBackend } from '../../src/runtime/sandbox/bubblewrap/bubblewrap-backend';
import type Docker from 'dockerode';
import { requireDocker } from '../../src/runtime/sandbox/docker/testing/require-docker';
import { requirePodman } from '../../src/runtime/sandbox/docker/testing/require-podman';
import type { SandboxBackend } from '../../src/runtime/sandbox/sandbox-backend';
import {
  createTerminalSession,
  type TerminalSession,
} from '../../src/runtime/tools/terminal/terminal-session';
import type { BenchFigure } from './bench-figure';
import { benchDockerBackend, timeEcho } from './sandbox-bench-tools';

const FIRST_COMMANDS = 6;
const ROUND_TRIPS = 40;
const WARMUP = 3;

type Kind = 'bubblewrap' | 'docker' | 'podman';

/**
 * The sandboxes side by side in one run: a conversation's first command (bubblewrap: a new bwrap
 * and cgroup; docker: creating and starting the container, the bash check and the exec), and the
 * round trip of `echo hi` once the shell runs; the docker backend on Docker and on Podman's
 * compatible service (started for the run). Needs bwrap, the Docker daemon, Podman and the default image.
 */
export default async function sandboxBackendsBench(): Promise<BenchFigure[]> {
  const engines = { docker: await requireDocker(), podman: await requirePodman() };
  const figures: BenchFigure[] = [];
  for (const kind of ['bubblewrap', 'docker', 'podman'] as const) {
    const docker = kind === 'podman' ? engines.podman : engines.docker;
    const firsts: number[] = [];
    for (let run = 0; run < FIRST_COMMANDS; run++) {
      await withSession(kind, docker, async (session) => {
        firsts.push(await timeEcho(session));
      });
    }
    figures.push({ name: `first command of a conversation (${kind})`, unit: 'ms', samples: firsts });
    const trips: number[] = [];
    await withSession(kind, docker, async (session) => {
      for (let run = 0; run < WARMUP; run++) await timeEcho(session);
      for (let run = 0; run < ROUND_TRIPS; run++) trips.push(await timeEcho(session));
    });
    figures.push({ name: `command round trip, echo hi (${kind})`, unit: 'ms', samples: trips });
  }
  return figures;
}

async function withSession(
  kind: Kind,
  docker: Docker,
  use: (session: TerminalSession) => Promise<void>,
): Promise<void> {
  const workspaceDir = await mkdtemp(join(tmpdir(), 'awb-sandbox-bench-'));
  const backend: SandboxBackend =
    kind !== 'bubblewrap'
      ? benchDockerBackend(docker, workspaceDir)
      : createBubblewrapBackend({ workspaceDir, sandbox: true });
  const session = createTerminalSession({ workspaceDir, backend });
  try {
    await use(session);
  } finally {
    await session.close();
    await rm(workspaceDir, { recursive: true, force: true });
  }
}
