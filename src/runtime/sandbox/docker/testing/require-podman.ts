import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Docker from 'dockerode';
import { findExecutable } from '../../find-executable';
import { requireExecutable } from '../../testing/require-executable';
import { DEFAULT_SANDBOX_IMAGE } from '../../sandbox-kind';
import { dockerRefusal } from '../docker-readiness';

/** Podman's storage for the tests, shared by every test process (images are loaded once). */
const STORAGE = join(tmpdir(), 'awb-podman-storage');
const PODMAN_HINT =
  'The podman sandbox tests need Podman and its init (apt-get install podman catatonit; .ci/run does)';

let started: Promise<Docker> | undefined;
let service: ChildProcess | undefined;

/**
 * A client of Podman's Docker-compatible service, started for this test process as root on a socket
 * of its own (`podman system service`), with `image` loaded into it from the Docker daemon (`docker
 * save | podman load`, once per storage). Fails (never skips) with what to install when Podman or
 * its init is missing, and says why when the service does not answer. The service ends with the
 * process.
 */
export function requirePodman(image = DEFAULT_SANDBOX_IMAGE): Promise<Docker> {
  started ??= startPodman(image);
  return started;
}

async function startPodman(image: string): Promise<Docker> {
  const podman = requirePodmanProgram();
  const flags = storageFlags();
  const folder = mkdtempSync(join(tmpdir(), 'awb-podman-'));
  const socketPath = join(folder, 'podman.sock');
  const log = join(folder, 'service.log');
  const env = { ...process.env, CONTAINERS_CONF: containersConf(folder) };
  const logFd = openSync(log, 'a');
  // setpriv's parent-death signal ends the service with this process, however it ends: vitest ends
  // its workers with a signal, which runs no 'exit' handler.
  const serviceArgv = [podman, ...flags, 'system', 'service', '--time=0', `unix://${socketPath}`];
  const setpriv = findExecutable('setpriv', process.env.PATH);
  const [program = podman, ...args] =
    setpriv === undefined ? serviceArgv : [setpriv, '--pdeathsig', 'SIGTERM', '--', ...serviceArgv];
  const child = spawn(program, args, { env, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  // The test process never waits for it; it ends with the process.
  child.unref();
  service = child;
  process.once('exit', () => service?.kill('SIGTERM'));
  const docker = new Docker({ socketPath });
  await waitForAnswer(docker, child, log);
  if (!imageExists(podman, flags, image, env)) loadFromDocker(podman, flags, image, env);
  const refusal = await dockerRefusal(docker, image);
  if (refusal !== undefined) throw new Error(`${refusal}\n${PODMAN_HINT}; see ${log}.`);
  return docker;
}

function requirePodmanProgram(): string {
  const podman = requireExecutable('podman', 'podman');
  try {
    readFileSync('/usr/libexec/podman/catatonit');
  } catch {
    // Podman runs `--init` containers (ours: an init reaps orphans) with catatonit.
    throw new Error(`/usr/libexec/podman/catatonit is missing. ${PODMAN_HINT}.`);
  }
  return podman;
}

/** Root's overlay storage under the temp folder (never the machine's own podman storage). */
function storageFlags(): string[] {
  mkdirSync(STORAGE, { recursive: true, mode: 0o700 });
  return ['--root', join(STORAGE, 'root'), '--runroot', join(STORAGE, 'run'), '--storage-driver', 'overlay'];
}

/**
 * Podman as root gives containers 1048576 open files and 4194304 processes; a machine whose root
 * lacks CAP_SYS_RESOURCE (a VM's, a container's) cannot raise them, and every start fails "error
 * setting rlimits". The limits are set to what this process may give instead.
 */
function containersConf(folder: string): string {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const hard = (name: string, cap: number) => {
    const found = new RegExp(`^${name}\\s+\\S+\\s+(\\S+)`, 'm').exec(limits)?.[1];
    const value = found === undefined || found === 'unlimited' ? cap : Number(found);
    return Math.min(value, cap);
  };
  const nofile = hard('Max open files', 65_536);
  const nproc = hard('Max processes', 32_768);
  const path = join(folder, 'containers.conf');
  writeFileSync(
    path,
    `[containers]\ndefault_ulimits = ["nofile=${nofile}:${nofile}", "nproc=${nproc}:${nproc}"]\n`,
  );
  return path;
}

async function waitForAnswer(docker: Docker, child: ChildProcess, log: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) break;
    if (
      await docker.ping().then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const said = (() => {
    try {
      return readFileSync(log, 'utf8').slice(-2000);
    } catch {
      return '(nothing)';
    }
  })();
  throw new Error(`podman system service did not answer (exit ${child.exitCode}): ${said}\n${PODMAN_HINT}.`);
}

function imageExists(podman: string, flags: string[], image: string, env: NodeJS.ProcessEnv): boolean {
  try {
    execFileSync(podman, [...flags, 'image', 'exists', image], { env, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The image from the Docker daemon (`npm run sandbox-image` builds it there). */
function loadFromDocker(podman: string, flags: string[], image: string, env: NodeJS.ProcessEnv): void {
  const archive = join(mkdtempSync(join(tmpdir(), 'awb-podman-image-')), 'image.tar');
  try {
    execFileSync('docker', ['save', '-o', archive, image], { stdio: 'pipe' });
    execFileSync(podman, [...flags, 'load', '-i', archive], { env, stdio: 'pipe' });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The image ${image} could not be loaded into Podman (${detail.slice(0, 500)}): run npm run sandbox-image so the Docker daemon has it.`,
    );
  } finally {
    rmSync(join(archive, '..'), { recursive: true, force: true });
  }
}
