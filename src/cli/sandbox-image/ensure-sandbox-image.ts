import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Dockerode from 'dockerode';
import { type DebianBaseOptions, debianBaseImage } from './debian-base-image';
import { type ProgressSink, followStream, hasImage } from './docker-progress';
import { DEFAULT_SANDBOX_IMAGE, RECIPE_LABEL, recipeHash, sandboxDockerfile } from './sandbox-image-recipe';

export interface EnsureSandboxImageOptions {
  /** The image conversations will run; only the default one is built here. */
  image?: string;
  progress?: ProgressSink;
  base?: DebianBaseOptions;
  /** Build again even when an image with the current recipe exists. */
  rebuild?: boolean;
}

/** `ready`: the image was there (and, for the default, of the current recipe); `built`: it was made now. */
export type SandboxImageOutcome = 'ready' | 'built';

/**
 * Makes sure the sandbox image exists on the daemon. The default image is built here from Debian
 * packages (a layer cache and a recipe label keep a second call instant); an image the person named
 * must already exist, since only they know how it is made.
 */
export async function ensureSandboxImage(
  docker: Dockerode,
  options: EnsureSandboxImageOptions = {},
): Promise<SandboxImageOutcome> {
  const image = options.image ?? DEFAULT_SANDBOX_IMAGE;
  const progress = options.progress ?? (() => undefined);
  if (image !== DEFAULT_SANDBOX_IMAGE) {
    if (await hasImage(docker, image)) return 'ready';
    throw new Error(
      `the sandbox image ${image} is not on the Docker daemon: pull or build it first (docker pull ${image})`,
    );
  }
  const hash = recipeHash();
  if (options.rebuild !== true && (await recipeOf(docker, image)) === hash) return 'ready';
  const base = await debianBaseImage(docker, progress, options.base);
  progress(`building ${image} on ${base}`);
  const context = await mkdtemp(join(tmpdir(), 'agent-workbench-image-'));
  try {
    await writeFile(join(context, 'Dockerfile'), sandboxDockerfile(base));
    const stream = await docker.buildImage(
      { context, src: ['Dockerfile'] },
      { t: image, labels: { [RECIPE_LABEL]: hash }, rm: true, forcerm: true },
    );
    await followStream(docker, stream, progress);
  } finally {
    await rm(context, { recursive: true, force: true });
  }
  return 'built';
}

async function recipeOf(docker: Dockerode, image: string): Promise<string | undefined> {
  if (!(await hasImage(docker, image))) return undefined;
  const info = await docker.getImage(image).inspect();
  return info.Config?.Labels?.[RECIPE_LABEL];
}
