import type Docker from 'dockerode';

/**
 * Runs `argv` in the running container as `user`, output discarded, and resolves its exit code once
 * it ended (undefined when the daemon cannot say). Throws when the daemon refuses the exec.
 */
export async function execExitCode(
  container: Docker.Container,
  argv: readonly string[],
  user: { uid: number; gid: number },
): Promise<number | undefined> {
  const exec = await container.exec({
    Cmd: [...argv],
    User: `${user.uid}:${user.gid}`,
    AttachStdout: true,
    AttachStderr: true,
  });
  const stream = await exec.start({ hijack: true, stdin: false });
  stream.resume();
  await new Promise((resolve) => {
    stream.on('end', resolve);
    stream.on('close', resolve);
    stream.on('error', resolve);
  });
  const info = await exec.inspect().catch(() => undefined);
  return info?.ExitCode ?? undefined;
}
