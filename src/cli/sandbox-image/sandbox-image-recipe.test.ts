import { describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_IMAGE as RUNTIME_DEFAULT } from '../../runtime/sandbox/sandbox-kind';
import { DEFAULT_SANDBOX_IMAGE, recipeHash, sandboxDockerfile } from './sandbox-image-recipe';

describe('the sandbox image recipe', () => {
  it('builds the image the runtime runs by default', () => {
    expect(DEFAULT_SANDBOX_IMAGE).toBe(RUNTIME_DEFAULT);
  });

  it('hashes the recipe, not the route that gave its Debian base', () => {
    expect(recipeHash()).toMatch(/^[0-9a-f]{16}$/);
    expect(sandboxDockerfile('debian:bookworm-slim')).toContain('FROM debian:bookworm-slim');
    expect(sandboxDockerfile('agent-workbench-debian:bookworm').split('\n').slice(1)).toEqual(
      sandboxDockerfile('debian:bookworm-slim').split('\n').slice(1),
    );
  });
});
