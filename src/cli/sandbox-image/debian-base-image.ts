import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { APT_SOURCE_FILES, aptMirror } from './apt-mirror';
import { DEBIAN_BOOTSTRAP_IMAGE, DEBIAN_REGISTRY_IMAGE, DEBIAN_SUITE } from './sandbox-image-recipe';
import { type ProgressSink, hasImage, followStream } from './docker-progress';

export interface DebianBaseOptions {
  /** Runs debootstrap; tests and machines without root pass their own. */
  debootstrap?: (target: string, mirror: string, progress: ProgressSink) => Promise<void>;
  /** The Debian mirror for debootstrap; default: the one this machine's apt uses. */
  mirror?: string;
}

/**
 * A Debian image to build on, without a registry when there is none: the registry's slim image when
 * the daemon has it or can pull it, else our own earlier import, else a fresh debootstrap (minimal
 * variant) imported into the daemon. Throws a message that says what to install when none works.
 */
export async function debianBaseImage(
  docker: Dockerode,
  progress: ProgressSink,
  options: DebianBaseOptions = {},
): Promise<string> {
  if (await hasImage(docker, DEBIAN_REGISTRY_IMAGE)) return DEBIAN_REGISTRY_IMAGE;
  if (await hasImage(docker, DEBIAN_BOOTSTRAP_IMAGE)) return DEBIAN_BOOTSTRAP_IMAGE;
  progress(`pulling ${DEBIAN_REGISTRY_IMAGE}`);
  try {
    await followStream(docker, await docker.pull(DEBIAN_REGISTRY_IMAGE), () => undefined);
    return DEBIAN_REGISTRY_IMAGE;
  } catch (error) {
    progress(
      `no registry (${firstLine(error)}); bootstrapping Debian ${DEBIAN_SUITE} from its packages instead`,
    );
  }
  const mirror = options.mirror ?? process.env.AGENT_WORKBENCH_DEBIAN_MIRROR ?? aptMirror(APT_SOURCE_FILES);
  if (mirror === undefined) {
    throw new Error(
      `no Debian image and no Debian mirror to bootstrap one from: make ${DEBIAN_REGISTRY_IMAGE} available to the Docker daemon, or set AGENT_WORKBENCH_DEBIAN_MIRROR`,
    );
  }
  const target = await mkdtemp(join(tmpdir(), 'agent-workbench-debian-'));
  try {
    await (options.debootstrap ?? runDebootstrap)(target, mirror, progress);
    progress(`importing the Debian ${DEBIAN_SUITE} base into the Docker daemon`);
    await importFolder(docker, target, DEBIAN_BOOTSTRAP_IMAGE);
  } finally {
    await rm(target, { recursive: true, force: true });
  }
  return DEBIAN_BOOTSTRAP_IMAGE;
}

async function runDebootstrap(target: string, mirror: string, progress: ProgressSink): Promise<void> {
  progress(`debootstrap --variant=minbase ${DEBIAN_SUITE} (about half a minute)`);
  const args = ['--variant=minbase', DEBIAN_SUITE, target, mirror];
  await runCommand(
    'debootstrap',
    args,
    progress,
    () =>
      new Error(
        'debootstrap is missing: install it (apt-get install debootstrap; it needs root) to build the sandbox image without a registry',
      ),
  );
}

/** The folder as a root filesystem image: tar keeps owners, modes and device nodes (needs root). */
async function importFolder(docker: Dockerode, folder: string, tag: string): Promise<void> {
  const tar = spawn('tar', ['-C', folder, '--numeric-owner', '-c', '.'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [repo, version] = tag.split(':');
  const stream = await docker.importImage(tar.stdout, { repo, tag: version });
  const tarFailed = new Promise<never>((_, reject) => {
    tar.on('close', (code) => {
      if (code !== 0) reject(new Error(`tar of the Debian base failed (exit ${code})`));
    });
  });
  await Promise.race([followStream(docker, stream, () => undefined), tarFailed]);
}

function runCommand(
  command: string,
  args: string[],
  progress: ProgressSink,
  missing: () => Error,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const onData = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-2000);
      for (const line of chunk.toString().split('\n'))
        if (line.startsWith('I: Retrieving')) progress(line.slice(3));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? missing() : error));
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} failed (exit ${code}): ${tail.trim().split('\n').pop()}`)),
    );
  });
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
