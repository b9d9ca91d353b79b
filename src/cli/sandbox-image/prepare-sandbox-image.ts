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
  const [{ default: Dockerode }, { ensureSandboxImage }] = await Promise.all([
    import('dockerode'),
    import('./ensure-sandbox-image'),
  ]);
  try {
    const outcome = await ensureSandboxImage(new Dockerode(), { progress: report });
    if (outcome === 'built') report('built; later starts reuse it');
    return undefined;
  } catch (error) {
    const reason = dockerUnreachable(error, env.DOCKER_HOST) ?? (error as Error).message;
    return `the docker sandbox cannot start: ${reason}`;
  }
}
