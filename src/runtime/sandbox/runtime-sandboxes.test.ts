import { describe, expect, it } from 'vitest';
import type { DockerSandboxes } from './docker/docker-sandboxes';
import { createRuntimeSandboxes } from './runtime-sandboxes';
import { DEFAULT_SANDBOX_SETTINGS } from './sandbox-settings';

/** A runtime whose docker side only counts how often it was made and swept. */
function runtimeWith(backend: 'bubblewrap' | 'docker', hasDockerConversations?: () => Promise<boolean>) {
  const counts = { loaded: 0, swept: 0 };
  const docker: DockerSandboxes = {
    backend: () => {
      throw new Error('not in this test');
    },
    runner: () => {
      throw new Error('not in this test');
    },
    async sweepStale() {
      counts.swept += 1;
      return 2;
    },
  };
  const runtime = createRuntimeSandboxes({
    dataDir: '/nonexistent/data',
    defaultWorkspace: '/nonexistent/workspace',
    sandboxSettings: () => DEFAULT_SANDBOX_SETTINGS,
    env: { AGENT_WORKBENCH_SANDBOX_BACKEND: backend },
    ...(hasDockerConversations ? { hasDockerConversations } : {}),
    docker: () => {
      counts.loaded += 1;
      return docker;
    },
  });
  return { runtime, counts };
}

describe('the stale-container sweep of a runtime', () => {
  it('on bubblewrap, sweeps when its store holds docker conversations (a killed run left their containers)', async () => {
    const { runtime, counts } = runtimeWith('bubblewrap', async () => true);
    expect(await runtime.sweep()).toBe(2);
    expect(counts).toEqual({ loaded: 1, swept: 1 });
  });

  it('on bubblewrap with no docker conversation, never makes the docker side', async () => {
    const { runtime, counts } = runtimeWith('bubblewrap', async () => false);
    expect(await runtime.sweep()).toBe(0);
    const alone = runtimeWith('bubblewrap');
    expect(await alone.runtime.sweep()).toBe(0);
    expect(counts).toEqual({ loaded: 0, swept: 0 });
    expect(alone.counts).toEqual({ loaded: 0, swept: 0 });
  });

  it('on bubblewrap, a store that cannot answer sweeps nothing and does not throw', async () => {
    const { runtime, counts } = runtimeWith('bubblewrap', async () => {
      throw new Error('database gone');
    });
    expect(await runtime.sweep()).toBe(0);
    expect(counts.loaded).toBe(0);
  });

  it('on docker, sweeps without asking the store', async () => {
    let asked = 0;
    const { runtime, counts } = runtimeWith('docker', async () => {
      asked += 1;
      return false;
    });
    expect(await runtime.sweep()).toBe(2);
    expect(counts.swept).toBe(1);
    expect(asked).toBe(0);
  });
});
