/**
 * A daemon that cannot be reached, said with what to do; undefined for any other failure. Docker's
 * client fails with a bare connect error (ENOENT: no socket; ECONNREFUSED: nothing listens).
 */
export function dockerUnreachable(error: unknown, dockerHost: string | undefined): string | undefined {
  const code = (error as { code?: string } | undefined)?.code;
  if (code !== 'ENOENT' && code !== 'ECONNREFUSED' && code !== 'EACCES' && code !== 'ENOTFOUND')
    return undefined;
  const where = dockerHost ?? 'unix:///var/run/docker.sock';
  if (code === 'EACCES') {
    return `the Docker daemon at ${where} refused this user: add the user to the docker group, or use a rootless daemon`;
  }
  return `no Docker daemon answers at ${where} (${code}): start it (systemctl start docker, or dockerd), or set DOCKER_HOST to one that runs`;
}
