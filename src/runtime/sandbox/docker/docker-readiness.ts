import type Docker from 'dockerode';
import { DockerTransportError } from './docker-transport';

/** What a person does when the daemon does not answer. */
export const START_DAEMON_HINT =
  'start the Docker daemon (`sudo systemctl start docker`, or Docker Desktop) or choose another sandbox (--sandbox bubblewrap)';

/** What a person does when the image is missing. */
export const BUILD_IMAGE_HINT =
  'run `npm run sandbox-image` to build it, or pass --sandbox-image with an image you have';

/**
 * Why the Docker sandbox cannot run commands now, with what to do, or undefined when the daemon
 * answers and has `image`. Never throws.
 */
export async function dockerRefusal(docker: Docker, image: string): Promise<string | undefined> {
  try {
    await docker.ping();
  } catch (error) {
    // TLS or SSH said what failed on the way: starting a daemon would not help.
    if (error instanceof DockerTransportError)
      return `${error.message}. Commands are disabled until it is fixed.`;
    return `The Docker daemon does not answer (${messageOf(error)}), so commands are disabled: ${START_DAEMON_HINT}.`;
  }
  try {
    await docker.getImage(image).inspect();
  } catch (error) {
    if (statusOf(error) === 404)
      return `The sandbox image ${image} is not on the Docker daemon, so commands are disabled: ${BUILD_IMAGE_HINT}.`;
    return `The Docker daemon cannot show the image ${image} (${messageOf(error)}), so commands are disabled.`;
  }
  return undefined;
}

/** The refusal for an image whose container cannot run a shell. */
export function noShellRefusal(image: string, detail: string): string {
  return `The image ${image} has no usable /bin/sh and bash (${detail}), so it cannot run commands: choose an image with bash (the default one, \`npm run sandbox-image\`).`;
}

/**
 * Why the daemon would not create a container, with what to do where it is known: Podman without
 * the init it gives `Init` containers (catatonit, only recommended by Debian's package).
 */
export function createRefusal(error: unknown): string {
  const text = messageOf(error);
  if (/catatonit|container-init binary not found/i.test(text))
    return `the container engine has no init to give the container (${text}): on Podman, install catatonit (\`sudo apt-get install catatonit\`)`;
  return `the container could not be created: ${text}`;
}

export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

export function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const code = (error as { statusCode: unknown }).statusCode;
    return typeof code === 'number' ? code : undefined;
  }
  return undefined;
}
