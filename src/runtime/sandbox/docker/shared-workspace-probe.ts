import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { execExitCode } from './exec-exit-code';

/**
 * Why the container does not see the runtime's workspace, or undefined when it does: a marker with a
 * random value, written by the runtime in the workspace, must read the same inside. A daemon on
 * another machine (DOCKER_HOST over TCP or SSH) binds its own host's folder at that path, which is
 * empty or another one: commands would then work on files the runtime, its checkpoints and the
 * person never see. The marker is removed whatever the answer. Throws when the daemon refuses the exec.
 */
export async function sharedWorkspaceRefusal(
  container: Docker.Container,
  workspaceDir: string,
  user: { uid: number; gid: number },
): Promise<string | undefined> {
  return probeWithMarker(workspaceDir, (argv) => execExitCode(container, argv, user));
}

/**
 * The same probe through `run`, which runs the command it is given where the workspace is seen (a
 * container of its own for git calls) and resolves its exit code.
 */
export async function probeWithMarker(
  workspaceDir: string,
  run: (argv: readonly string[]) => Promise<number | undefined>,
): Promise<string | undefined> {
  const token = randomBytes(16).toString('hex');
  const marker = join(workspaceDir, `.awb-shared-probe-${token.slice(0, 8)}`);
  writeFileSync(marker, token, { mode: 0o644, flag: 'wx' });
  try {
    const code = await run(['/bin/sh', '-c', '[ "$(cat -- "$0" 2>/dev/null)" = "$1" ]', marker, token]);
    if (code === 0) return undefined;
  } finally {
    rmSync(marker, { force: true });
  }
  return `the Docker daemon's containers do not see this runtime's workspace ${workspaceDir}: its host has no shared mount at the same path (a daemon on another machine binds its own folder there). Run the daemon on this machine, or share the workspace with the daemon's host at the same path (docs/DEPLOYMENT.md, "Container sandboxes")`;
}
