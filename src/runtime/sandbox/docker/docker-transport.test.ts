import { describe, expect, it } from 'vitest';
import { dockerTransport } from './docker-transport';

describe('DOCKER_HOST read as the docker CLI reads it', () => {
  it('takes a socket path, plain TCP, and refuses what is no Docker transport', () => {
    expect(dockerTransport({ DOCKER_HOST: 'unix:///run/user/1000/docker.sock' })).toMatchObject({
      options: { socketPath: '/run/user/1000/docker.sock' },
    });
    expect(dockerTransport({ DOCKER_HOST: 'tcp://10.0.0.5:2375' })).toMatchObject({
      options: { protocol: 'http', host: '10.0.0.5', port: 2375 },
    });
    expect(dockerTransport({ DOCKER_HOST: 'ftp://10.0.0.5' })).toEqual({
      refusal: 'DOCKER_HOST=ftp://10.0.0.5: ftp: is not a Docker transport (unix, tcp or ssh)',
    });
    expect(dockerTransport({ DOCKER_HOST: 'tcp://[bad' })).toMatchObject({
      refusal: expect.stringContaining('is not a Docker address'),
    });
  });

  it('turns TLS on for port 2376 or a DOCKER_CERT_PATH as well, and then wants the files', () => {
    for (const env of [{ DOCKER_HOST: 'tcp://h:2376' }, { DOCKER_HOST: 'h:2375', DOCKER_CERT_PATH: '/none' }])
      expect(dockerTransport({ ...env, HOME: '/nonexistent' })).toMatchObject({
        refusal: expect.stringMatching(
          /^TLS to the Docker host h:237[56] cannot start: .*ca\.pem cannot be read/,
        ),
      });
  });
});
