import Docker from 'dockerode';
import { DEFAULT_SANDBOX_IMAGE } from '../../sandbox-kind';
import { dockerRefusal } from '../docker-readiness';

/**
 * The daemon of the docker sandbox tests, once it answers and has `image`. Throws with what to do
 * otherwise (start the Docker daemon; run npm run sandbox-image): these tests fail, never skip.
 */
export async function requireDocker(image = DEFAULT_SANDBOX_IMAGE): Promise<Docker> {
  const docker = new Docker();
  const refusal = await dockerRefusal(docker, image);
  if (refusal !== undefined) {
    throw new Error(
      `${refusal}\nThe docker sandbox tests need a running Docker daemon (start the Docker daemon) and the image ${image} (run npm run sandbox-image).`,
    );
  }
  return docker;
}
