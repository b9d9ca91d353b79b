import type Docker from 'dockerode';
import { describe, expect, it } from 'vitest';
import { runtimeSandboxStatus } from './runtime-sandbox-status';
import { DEFAULT_SANDBOX_SETTINGS } from './sandbox-settings';

const DOCKER_DEFAULT = { ...DEFAULT_SANDBOX_SETTINGS, backend: 'docker' as const };

/** A daemon that answers the ping and the image inspect as told. */
function daemon(ping: () => Promise<unknown>, inspect: () => Promise<unknown>): () => Docker {
  return () => ({ ping, getImage: () => ({ inspect }) }) as unknown as Docker;
}

const notFound = () => Promise.reject(Object.assign(new Error('no such image'), { statusCode: 404 }));

describe('the status of the default sandbox for the settings banner', () => {
  it('on docker with the daemon answering and the image there: sandboxed, by docker', async () => {
    const status = await runtimeSandboxStatus({}, DOCKER_DEFAULT, {
      docker: daemon(
        async () => 'OK',
        async () => ({}),
      ),
    });
    expect(status).toEqual({ kind: 'sandboxed', backend: 'docker' });
  });

  it('on docker with the daemon stopped: missing, saying to start it', async () => {
    const status = await runtimeSandboxStatus({}, DOCKER_DEFAULT, {
      docker: daemon(
        () => Promise.reject(new Error('connect ENOENT /var/run/docker.sock')),
        async () => ({}),
      ),
    });
    expect(status).toMatchObject({ kind: 'missing', backend: 'docker' });
    expect(status.kind === 'missing' && status.detail).toContain('start the Docker daemon');
  });

  it('on docker without the image: missing, saying how to build it', async () => {
    const status = await runtimeSandboxStatus({ AGENT_WORKBENCH_SANDBOX_IMAGE: 'mine:2' }, DOCKER_DEFAULT, {
      docker: daemon(async () => 'OK', notFound),
    });
    expect(status).toMatchObject({ kind: 'missing', backend: 'docker' });
    expect(status.kind === 'missing' && status.detail).toContain('mine:2');
    expect(status.kind === 'missing' && status.detail).toContain('npm run sandbox-image');
  });

  it('on docker with a daemon that never answers: missing after the wait, never hanging the page', async () => {
    const status = await runtimeSandboxStatus({}, DOCKER_DEFAULT, {
      docker: daemon(
        () => new Promise(() => undefined),
        async () => ({}),
      ),
      waitMs: 20,
    });
    expect(status).toMatchObject({ kind: 'missing', backend: 'docker' });
    expect(status.kind === 'missing' && status.detail).toContain('does not answer');
  });

  it('chosen by the launcher (--sandbox docker) over the settings', async () => {
    let asked = 0;
    const status = await runtimeSandboxStatus(
      { AGENT_WORKBENCH_SANDBOX_BACKEND: 'docker' },
      DEFAULT_SANDBOX_SETTINGS,
      {
        docker: () => {
          asked += 1;
          return daemon(async () => 'OK', notFound)();
        },
      },
    );
    expect(asked).toBe(1);
    expect(status.kind).toBe('missing');
  });

  it('on bubblewrap never asks a Docker daemon; off is disabled', async () => {
    const never = () => {
      throw new Error('the Docker client must not load');
    };
    const bubblewrap = await runtimeSandboxStatus({ PATH: process.env.PATH }, DEFAULT_SANDBOX_SETTINGS, {
      docker: never,
    });
    expect(bubblewrap.backend).toBe('bubblewrap');
    expect(
      await runtimeSandboxStatus({ AGENT_WORKBENCH_SANDBOX: '0' }, DOCKER_DEFAULT, { docker: never }),
    ).toEqual({ kind: 'disabled' });
  });
});
