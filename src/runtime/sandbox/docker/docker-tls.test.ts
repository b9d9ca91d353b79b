import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDockerClient } from './load-docker-client';
import { refusedThrough, runThroughRemoteDaemon } from '../../tools/terminal/testing/remote-daemon-checks';
import { requireDocker } from './testing/require-docker';
import { startTlsDockerRelay, type TlsDockerRelay } from './testing/tls-docker-relay';

let local: Docker;
let relay: TlsDockerRelay;

beforeAll(async () => {
  local = await requireDocker();
  relay = await startTlsDockerRelay();
});

afterAll(async () => {
  await relay?.close();
});

function tlsClient(certDir: string | undefined): Docker {
  return loadDockerClient({
    DOCKER_HOST: `tcp://127.0.0.1:${relay.port}`,
    DOCKER_TLS_VERIFY: '1',
    ...(certDir === undefined ? {} : { DOCKER_CERT_PATH: certDir }),
    HOME: join(tmpdir(), 'awb-no-such-home'),
  });
}

describe('the docker sandbox over TCP with TLS (DOCKER_HOST, DOCKER_TLS_VERIFY, DOCKER_CERT_PATH)', () => {
  it('runs a terminal command on a pty, a piped git command, and removes the container', async () => {
    const before = relay.accepted();
    const run = await runThroughRemoteDaemon(tlsClient(relay.certDir), local);
    expect(run.terminalOutput).toContain('sum=42');
    expect(run.terminalOutput).toMatch(/\/dev\/pts\/\d+/);
    expect(run.containersWhileLive).toBe(1);
    expect(run.containersAfterDispose).toBe(0);
    expect(run.gitOutput.trim()).toBe('first');
    expect(relay.accepted()).toBeGreaterThan(before);
  }, 120_000);

  it('refuses a daemon whose certificate the CA in DOCKER_CERT_PATH did not sign, naming TLS', async () => {
    const refused = await refusedThrough(tlsClient(relay.wrongCaDir));
    expect(refused).toMatchObject({ ending: 'refused', ran: false });
    expect(refused.notices).toMatch(
      /TLS to the Docker host 127\.0\.0\.1:\d+ refused: the daemon's certificate does not verify against .*ca\.pem/,
    );
    expect(refused.notices).not.toContain('start the Docker daemon');
  });

  it('says the daemon refused this client when its certificate is not one the daemon trusts', async () => {
    const refused = await refusedThrough(tlsClient(relay.untrustedClientDir));
    expect(refused).toMatchObject({ ending: 'refused', ran: false });
    expect(refused.notices).toMatch(
      /TLS to the Docker host 127\.0\.0\.1:\d+ refused: .*does not trust this client's certificate/,
    );
  });

  it('refuses DOCKER_TLS_VERIFY without the certificate files, saying what DOCKER_CERT_PATH must hold', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'awb-empty-certs-'));
    try {
      const named = await refusedThrough(tlsClient(empty));
      expect(named).toMatchObject({ ending: 'refused', ran: false });
      expect(named.notices).toMatch(
        /TLS to the Docker host .* cannot start: .*ca\.pem cannot be read \(ENOENT\)\. DOCKER_CERT_PATH must name a folder/,
      );
      const unset = await refusedThrough(tlsClient(undefined));
      expect(unset.notices).toMatch(
        /awb-no-such-home\/\.docker\/ca\.pem cannot be read .*it is unset, so ~\/\.docker was read/,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
