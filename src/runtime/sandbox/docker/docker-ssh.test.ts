import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type Docker from 'dockerode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSH_KEY_ENV, SSH_KNOWN_HOSTS_ENV } from './docker-transport';
import { loadDockerClient } from './load-docker-client';
import { refusedThrough, runThroughRemoteDaemon } from '../../tools/terminal/testing/remote-daemon-checks';
import { requireDocker } from './testing/require-docker';
import { type SshDockerHost, startSshDockerHost } from './testing/sshd-docker-host';

let local: Docker;
let host: SshDockerHost;

beforeAll(async () => {
  local = await requireDocker();
  host = await startSshDockerHost();
});

afterAll(async () => {
  await host?.close();
});

function sshClient(options: { key?: string; knownHosts?: string; agent?: string } = {}): Docker {
  return loadDockerClient({
    DOCKER_HOST: `ssh://${host.user}@127.0.0.1:${host.port}`,
    HOME: join(tmpdir(), 'awb-no-such-home'),
    ...(options.key === undefined ? {} : { [SSH_KEY_ENV]: options.key }),
    ...(options.agent === undefined ? {} : { SSH_AUTH_SOCK: options.agent }),
    [SSH_KNOWN_HOSTS_ENV]: options.knownHosts ?? host.knownHosts,
  });
}

describe('the docker sandbox over SSH (DOCKER_HOST=ssh://user@host:port)', () => {
  it('runs a terminal command on a pty, a piped git command, and removes the container', async () => {
    const run = await runThroughRemoteDaemon(sshClient({ key: host.clientKey }), local);
    expect(run.terminalOutput).toContain('sum=42');
    expect(run.terminalOutput).toMatch(/\/dev\/pts\/\d+/);
    expect(run.containersWhileLive).toBe(1);
    expect(run.containersAfterDispose).toBe(0);
    expect(run.gitOutput.trim()).toBe('first');
    expect(host.log()).toContain('Accepted publickey');
  }, 120_000);

  it('logs in with the key the ssh-agent at SSH_AUTH_SOCK holds', async () => {
    const docker = sshClient({ agent: host.agentSocket });
    await expect(docker.ping()).resolves.toBeDefined();
    await expect(local.ping()).resolves.toBeDefined();
  });

  it('says what the remote user lacks when `docker system dial-stdio` cannot run there', async () => {
    const refused = await refusedThrough(sshClient({ key: host.noDockerKey }));
    expect(refused).toMatchObject({ ending: 'refused', ran: false });
    expect(refused.notices).toMatch(
      /logged in, but `docker system dial-stdio` gave no answer \(the remote `docker system dial-stdio` exited with 127: sh: 1: docker: not found\): the remote user needs the docker CLI/,
    );
  });

  it('refuses a host whose key known_hosts does not name, with its fingerprint and what to do', async () => {
    const refused = await refusedThrough(
      sshClient({ key: host.clientKey, knownHosts: host.emptyKnownHosts }),
    );
    expect(refused).toMatchObject({ ending: 'refused', ran: false });
    expect(refused.notices).toMatch(
      /SSH to the Docker host .*@127\.0\.0\.1:\d+ refused: the SSH host key of \[127\.0\.0\.1\]:\d+ is not known: .* \(SHA256:[\w+/]+\).*ssh-keyscan -p \d+ 127\.0\.0\.1/,
    );
    expect(refused.notices).not.toContain('start the Docker daemon');
  });

  it('refuses a host whose key differs from the one known_hosts holds', async () => {
    const refused = await refusedThrough(
      sshClient({ key: host.clientKey, knownHosts: host.wrongKnownHosts }),
    );
    expect(refused).toMatchObject({ ending: 'refused', ran: false });
    expect(refused.notices).toMatch(
      /the SSH host key of \[127\.0\.0\.1\]:\d+ does not match .*someone may be in between/,
    );
  });

  it('says the server accepted none of the keys when it does not authorize this one', async () => {
    const refused = await refusedThrough(sshClient({ key: host.strangerKey }));
    expect(refused).toMatchObject({ ending: 'refused', ran: false });
    expect(refused.notices).toMatch(
      /refused: the server accepted none of this client's keys \(the key .*stranger_key\)/,
    );
  });

  it('refuses to start without a key to log in with, naming the agent and the key variable', async () => {
    const refused = await refusedThrough(sshClient());
    expect(refused).toMatchObject({ ending: 'refused', ran: false });
    expect(refused.notices).toMatch(/no key to log in with.*SSH_AUTH_SOCK.*AGENT_WORKBENCH_DOCKER_SSH_KEY/);
  });
});
