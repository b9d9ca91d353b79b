import { describe, expect, it } from 'vitest';
import { createRefusal } from './docker-readiness';

describe('createRefusal', () => {
  it("says to install catatonit when Podman has no init for the container (the daemon's words kept)", () => {
    const error = Object.assign(
      new Error(
        '(HTTP code 500) server error - container create: container-init binary not found on the host: stat /usr/libexec/podman/catatonit: no such file or directory',
      ),
      { statusCode: 500 },
    );
    const said = createRefusal(error);
    expect(said).toContain('apt-get install catatonit');
    expect(said).toContain('container-init binary not found');
  });

  it('keeps any other reason as the daemon gave it', () => {
    expect(createRefusal(new Error('no space left on device'))).toBe(
      'the container could not be created: no space left on device',
    );
  });
});
