import { createRequire } from 'node:module';
import type Docker from 'dockerode';
import { DockerTransportError, dockerTransport } from './docker-transport';

type Dial = (options: unknown, callback: (error: unknown, data?: unknown) => void) => void;

/**
 * A client of the daemon DOCKER_HOST names (else the local socket) through docker-transport.ts: TLS
 * verified against DOCKER_CERT_PATH, SSH with the host key checked against known_hosts. A failure on
 * the way reads as what failed and what to do (DockerTransportError). Settings that cannot work give
 * a client whose every call fails with the reason, so the sandbox refuses commands, never falls back.
 * Its package is read now: dockerode and what it loads (ssh2, the modem) take a noticeable part of a
 * second, paid only by a runtime that runs a conversation in a container. Synchronous, so a toolset
 * can be made where it is asked for.
 */
export function loadDockerClient(env: NodeJS.ProcessEnv = process.env): Docker {
  const DockerClient = createRequire(import.meta.url)('dockerode') as typeof Docker;
  const transport = dockerTransport(env);
  if ('refusal' in transport)
    return new DockerClient({ modem: refusingModem(transport.refusal) } as Docker.DockerOptions);
  let client: Docker;
  try {
    client = new DockerClient(transport.options);
  } catch (error) {
    // docker-modem reads the environment itself too (DOCKER_CERT_PATH's files) and throws on what it cannot read.
    const reason = `the Docker client cannot start: ${error instanceof Error ? error.message : String(error)}`;
    return new DockerClient({ modem: refusingModem(reason) } as Docker.DockerOptions);
  }
  const modem = client.modem as { dial: Dial };
  const dial = modem.dial.bind(modem);
  modem.dial = (options, callback) =>
    dial(options, (error, data) => (error ? callback(transport.explain(error)) : callback(null, data)));
  return client;
}

function refusingModem(reason: string): { dial: Dial } {
  return {
    dial: (_options, callback) => process.nextTick(() => callback(new DockerTransportError(reason))),
  };
}
