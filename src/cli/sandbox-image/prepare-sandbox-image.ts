import { dockerUnreachable } from './docker-unreachable';

/**
 * Before a runtime starts with `--sandbox docker` and no `--sandbox-image`: the default image is built
 * when missing (minutes, once; each build line shown with `report`), so the first command does not
 * meet a missing image. Undefined when ready; else one line saying what to do. dockerode loads only
 * here, so a launcher on bubblewrap never reads it.
 */
export async function prepareSandboxImage(
  report: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const [{ loadDockerClient }, { ensureSandboxImage }] = await Promise.all([
    import('../../runtime/sandbox/docker/load-docker-client'),
    import('./ensure-sandbox-image'),
  ]);
  try {
    // The runtime's client: DOCKER_HOST over TLS or SSH reached and checked as its sandboxes are.
    const outcome = await ensureSandboxImage(loadDockerClient(env), { progress: report });
    if (outcome === 'built') report('built; later starts reuse it');
    return undefined;
  } catch (error) {
    const reason = dockerUnreachable(error, env.DOCKER_HOST) ?? (error as Error).message;
    return `the docker sandbox cannot start: ${reason}`;
  }
}
