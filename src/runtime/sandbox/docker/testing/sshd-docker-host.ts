import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const SSHD = '/usr/sbin/sshd';
const SSH_KEYGEN = '/usr/bin/ssh-keygen';
const SSH_AGENT = '/usr/bin/ssh-agent';
const SSH_ADD = '/usr/bin/ssh-add';
const INSTALL_HINT = '(Debian: apt-get install openssh-server openssh-client)';

/** A private sshd on loopback in front of this machine's docker CLI, as a remote Docker host. */
export interface SshDockerHost {
  port: number;
  user: string;
  /** The client's private key, whose public half the sshd authorizes. */
  clientKey: string;
  /** A key the sshd does not authorize. */
  strangerKey: string;
  /** A key whose login runs a command that says docker is not found, as on a host without its CLI. */
  noDockerKey: string;
  /** An ssh-agent's socket (SSH_AUTH_SOCK) holding the client key. */
  agentSocket: string;
  /** known_hosts files: one with the host's key, one with another key for it, one that names no host. */
  knownHosts: string;
  wrongKnownHosts: string;
  emptyKnownHosts: string;
  /** The server's log (what it accepted and refused). */
  log(): string;
  close(): Promise<void>;
}

/**
 * Starts `sshd -D -p <port> -f <config>` with a generated host key and an authorized key for the
 * current user (held by a private ssh-agent too), everything in a temp folder (the system's ssh config is untouched; as root, sshd's
 * privilege separation folder /run/sshd is made when missing). Throws with the install hint when
 * sshd or ssh-keygen is missing, and with sshd's log when it does not listen.
 */
export async function startSshDockerHost(): Promise<SshDockerHost> {
  for (const program of [SSHD, SSH_KEYGEN, SSH_AGENT, SSH_ADD])
    if (!existsSync(program)) throw new Error(`the SSH transport tests need ${program} ${INSTALL_HINT}`);
  const dir = mkdtempSync(join(tmpdir(), 'awb-docker-ssh-'));
  const key = (name: string) => {
    execFileSync(SSH_KEYGEN, ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', join(dir, name)]);
    return join(dir, name);
  };
  const hostKey = key('host_key');
  const otherHostKey = key('other_host_key');
  const clientKey = key('client_key');
  const strangerKey = key('stranger_key');
  const noDockerKey = key('no_docker_key');
  writeFileSync(
    join(dir, 'authorized_keys'),
    `${readFileSync(`${clientKey}.pub`, 'utf8')}command="echo 'sh: 1: docker: not found' >&2; exit 127" ${readFileSync(`${noDockerKey}.pub`, 'utf8')}`,
  );
  const agentSocket = join(dir, 'agent.sock');
  const agent = spawn(SSH_AGENT, ['-D', '-a', agentSocket], { stdio: 'ignore' });
  const agentExited = new Promise<void>((resolve) => agent.once('exit', () => resolve()));
  const port = await freePort();
  const hostLine = (pub: string) =>
    `[127.0.0.1]:${port} ${readFileSync(pub, 'utf8').split(' ').slice(0, 2).join(' ')}\n`;
  writeFileSync(
    join(dir, 'known_hosts'),
    `[elsewhere]:22 ${readFileSync(`${otherHostKey}.pub`, 'utf8')}${hostLine(`${hostKey}.pub`)}`,
  );
  writeFileSync(join(dir, 'wrong_known_hosts'), hostLine(`${otherHostKey}.pub`));
  writeFileSync(join(dir, 'empty_known_hosts'), '');
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PermitRootLogin prohibit-password',
      'UsePAM no',
      'StrictModes no',
      `PidFile ${join(dir, 'sshd.pid')}`,
      '',
    ].join('\n'),
  );
  if (process.getuid?.() === 0) mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  let log = '';
  const sshd: ChildProcess = spawn(SSHD, ['-D', '-e', '-p', String(port), '-f', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  sshd.stdout?.on('data', (chunk) => (log += String(chunk)));
  sshd.stderr?.on('data', (chunk) => (log += String(chunk)));
  const exited = new Promise<void>((resolve) => sshd.once('exit', () => resolve()));
  const close = async () => {
    if (sshd.exitCode === null && sshd.signalCode === null) sshd.kill('SIGTERM');
    if (agent.exitCode === null && agent.signalCode === null) agent.kill('SIGTERM');
    await Promise.all([exited, agentExited]);
    rmSync(dir, { recursive: true, force: true });
  };
  if (!(await listening(port, () => sshd.exitCode !== null))) {
    await close();
    throw new Error(`the test sshd did not listen on 127.0.0.1:${port}: ${log.trim()}`);
  }
  try {
    await waitFor(() => existsSync(agentSocket));
    execFileSync(SSH_ADD, ['-q', clientKey], {
      env: { ...process.env, SSH_AUTH_SOCK: agentSocket },
      stdio: 'pipe',
    });
  } catch (error) {
    await close();
    throw new Error(`the test ssh-agent did not take the client key: ${String(error)}`);
  }
  return {
    port,
    user: userInfo().username,
    clientKey,
    strangerKey,
    noDockerKey,
    agentSocket,
    knownHosts: join(dir, 'known_hosts'),
    wrongKnownHosts: join(dir, 'wrong_known_hosts'),
    emptyKnownHosts: join(dir, 'empty_known_hosts'),
    log: () => log,
    close,
  };
}

async function waitFor(ready: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 100 && !ready(); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (!ready()) throw new Error('timed out');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Polls until the port accepts a connection (true), sshd exits or 10 s pass (false). */
async function listening(port: number, ended: () => boolean): Promise<boolean> {
  for (let attempt = 0; attempt < 100 && !ended(); attempt += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
