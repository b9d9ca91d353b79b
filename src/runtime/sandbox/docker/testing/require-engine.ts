import type Docker from 'dockerode';
import { requireDocker } from './require-docker';
import { requirePodman } from './require-podman';

/** The container engines the docker backend's suites run on: Docker, and Podman's compatible service. */
export type TestEngine = 'docker' | 'podman';

/** A client of `engine` with the sandbox image, or an error that says what to do (never a skip). */
export function requireEngine(engine: TestEngine): Promise<Docker> {
  return engine === 'podman' ? requirePodman() : requireDocker();
}

/** How long a suite's beforeAll may take to get it: Podman's first start loads the image (tens of seconds). */
export const ENGINE_START_MS = 300_000;
