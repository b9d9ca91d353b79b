import Dockerode from 'dockerode';
import { beforeAll, describe, expect, it } from 'vitest';
import { dockerUnreachable } from './docker-unreachable';
import { ensureSandboxImage } from './ensure-sandbox-image';
import { DEFAULT_SANDBOX_IMAGE, RECIPE_LABEL, recipeHash } from './sandbox-image-recipe';

const docker = new Dockerode();

/** Runs `script` in a throwaway container of the image as the sandbox would: a numeric user, no network. */
async function runInImage(script: string): Promise<{ code: number; output: string }> {
  const container = await docker.createContainer({
    Image: DEFAULT_SANDBOX_IMAGE,
    Cmd: ['bash', '-c', script],
    User: '1000:1000',
    Tty: true,
    HostConfig: {
      NetworkMode: 'none',
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      AutoRemove: false,
    },
  });
  try {
    await container.start();
    const { StatusCode } = await container.wait();
    const logs = await container.logs({ stdout: true, stderr: true });
    return { code: StatusCode, output: logs.toString() };
  } finally {
    await container.remove({ force: true });
  }
}

describe('ensureSandboxImage against the Docker daemon', () => {
  beforeAll(async () => {
    try {
      await docker.ping();
    } catch (error) {
      throw new Error(
        `these tests need a running Docker daemon: ${dockerUnreachable(error, process.env.DOCKER_HOST) ?? String(error)} (Debian: apt-get install docker.io)`,
      );
    }
    // Built once (minutes) when missing; the layer cache and the recipe label make it instant after.
    await ensureSandboxImage(docker, { progress: () => undefined });
  }, 900_000);

  it('leaves an image of the current recipe as it is', async () => {
    const before = await docker.getImage(DEFAULT_SANDBOX_IMAGE).inspect();
    expect(before.Config.Labels?.[RECIPE_LABEL]).toBe(recipeHash());
    const lines: string[] = [];
    expect(await ensureSandboxImage(docker, { progress: (line) => lines.push(line) })).toBe('ready');
    expect(lines).toEqual([]);
    expect((await docker.getImage(DEFAULT_SANDBOX_IMAGE).inspect()).Id).toBe(before.Id);
  });

  it('has the usual toolchain for a user the image has no account for, with a writable home', async () => {
    const { code, output } = await runInImage(
      'set -e; id -u; bash --version | head -1; git --version; node --version; npm --version; python3 --version; gcc --version | head -1; make --version | head -1; touch "$HOME/probe"; echo home-ok',
    );
    expect(code, output).toBe(0);
    expect(output).toMatch(/^1000\b/m);
    for (const tool of ['GNU bash', 'git version', 'Python 3', 'gcc', 'GNU Make', 'home-ok']) {
      expect(output).toContain(tool);
    }
  });

  it('refuses a named image the daemon does not have, saying how to get it', async () => {
    await expect(ensureSandboxImage(docker, { image: 'agent-workbench-no-such-image:0' })).rejects.toThrow(
      /not on the Docker daemon: pull or build it first/,
    );
  });

  it('says what to do when no daemon answers', async () => {
    const absent = new Dockerode({ socketPath: '/nonexistent/docker.sock' });
    const error = await ensureSandboxImage(absent).catch((caught: unknown) => caught);
    expect(dockerUnreachable(error, 'unix:///nonexistent/docker.sock')).toMatch(
      /no Docker daemon answers at unix:\/\/\/nonexistent\/docker.sock \(ENOENT\): start it/,
    );
    expect(dockerUnreachable(new Error('other'), undefined)).toBeUndefined();
  });
});
