import { readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import type { ConnectConfig } from 'ssh2';
import { SshDockerAgent } from './ssh-docker-agent';
import { knownKeyTypes, verifyHostKey } from './ssh-known-hosts';

/**
 * A failure to reach the Docker daemon through DOCKER_HOST's transport (its settings, TLS, SSH),
 * worded for a person: what failed and what to do. Never "start the daemon" when the daemon was not
 * the problem.
 */
export class DockerTransportError extends Error {}

/** How dockerode reaches the daemon, and how a failure on the way reads. */
export interface DockerTransport {
  options: Docker.DockerOptions;
  /** The error a person reads for `error`; an answer of the daemon (it has a status) stays as it is. */
  explain(error: unknown): unknown;
}

/** The identity file of the SSH transport (else the agent at SSH_AUTH_SOCK, else ~/.ssh/id_*). */
export const SSH_KEY_ENV = 'AGENT_WORKBENCH_DOCKER_SSH_KEY';
/** The known hosts file of the SSH transport (else ~/.ssh/known_hosts). */
export const SSH_KNOWN_HOSTS_ENV = 'AGENT_WORKBENCH_DOCKER_SSH_KNOWN_HOSTS';

const CERT_FILES = ['ca.pem', 'cert.pem', 'key.pem'] as const;

/**
 * The transport the docker CLI's environment names: DOCKER_HOST unset or unix:// (the socket, left
 * to dockerode), tcp:// (TLS when DOCKER_TLS_VERIFY or DOCKER_CERT_PATH is set or the port is 2376,
 * always verifying the daemon's certificate against DOCKER_CERT_PATH/ca.pem, ~/.docker by default,
 * and showing cert.pem and key.pem) or ssh://[user@]host[:port] (the host key checked against
 * known_hosts). Settings that cannot work are a refusal with what to do, never a quieter transport.
 */
export function dockerTransport(env: NodeJS.ProcessEnv): DockerTransport | { refusal: string } {
  const hostSetting = env.DOCKER_HOST ?? '';
  if (hostSetting === '') return { options: {}, explain: (error) => error };
  const socket = /^(unix|npipe):\/\/(.*)$/.exec(hostSetting);
  if (socket !== null)
    return { options: socket[2] === '' ? {} : { socketPath: socket[2] }, explain: (error) => error };
  let url: URL;
  try {
    url = new URL(hostSetting.includes('//') ? hostSetting : `tcp://${hostSetting}`);
  } catch {
    return {
      refusal: `DOCKER_HOST=${hostSetting} is not a Docker address (unix:///path, tcp://host:port or ssh://user@host)`,
    };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (url.protocol === 'ssh:') return sshTransport(env, host, url);
  if (url.protocol !== 'tcp:')
    return {
      refusal: `DOCKER_HOST=${hostSetting}: ${url.protocol} is not a Docker transport (unix, tcp or ssh)`,
    };
  const port = url.port === '' ? 2375 : Number(url.port);
  const wantsTls = nonEmpty(env.DOCKER_TLS_VERIFY) || nonEmpty(env.DOCKER_CERT_PATH) || port === 2376;
  if (!wantsTls) return { options: { protocol: 'http', host, port }, explain: (error) => error };
  return tlsTransport(env, host, port);
}

function tlsTransport(
  env: NodeJS.ProcessEnv,
  host: string,
  port: number,
): DockerTransport | { refusal: string } {
  const certDir = nonEmpty(env.DOCKER_CERT_PATH)
    ? (env.DOCKER_CERT_PATH as string)
    : join(env.HOME ?? homedir(), '.docker');
  const files: Buffer[] = [];
  for (const name of CERT_FILES) {
    try {
      files.push(readFileSync(join(certDir, name)));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      return {
        refusal: `TLS to the Docker host ${host}:${port} cannot start: ${join(certDir, name)} cannot be read (${code}). DOCKER_CERT_PATH must name a folder with ca.pem (the CA that signed the daemon's certificate), cert.pem and key.pem (this client's certificate and key)${nonEmpty(env.DOCKER_CERT_PATH) ? '' : '; it is unset, so ~/.docker was read'}`,
      };
    }
  }
  const [ca, cert, key] = files;
  const where = `TLS to the Docker host ${host}:${port}`;
  return {
    options: { protocol: 'https', host, port, ca, cert, key } as Docker.DockerOptions,
    explain: (error) => explainFailure(error, (code, message) => tlsReason(where, certDir, code, message)),
  };
}

const SERVER_NOT_TRUSTED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
  'CERT_UNTRUSTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function tlsReason(where: string, certDir: string, code: string, message: string): string {
  if (SERVER_NOT_TRUSTED.has(code))
    return `${where} refused: the daemon's certificate does not verify against ${join(certDir, 'ca.pem')} (${message}). DOCKER_CERT_PATH must hold the CA that signed the daemon's certificate, and that certificate must name the host DOCKER_HOST gives`;
  if (code.startsWith('ERR_SSL_') || code === 'ECONNRESET' || code === 'EPIPE')
    return `${where} refused: the daemon ended the TLS handshake (${message}), most likely because it does not trust this client's certificate ${join(certDir, 'cert.pem')}: the daemon's --tlscacert must be the CA that signed it`;
  return `${where} failed: no daemon answers there (${message}). Start the daemon with --tlsverify on that address, or set DOCKER_HOST to one that runs`;
}

function sshTransport(env: NodeJS.ProcessEnv, host: string, url: URL): DockerTransport | { refusal: string } {
  const port = url.port === '' ? 22 : Number(url.port);
  const username = url.username === '' ? userInfo().username : decodeURIComponent(url.username);
  const knownHosts = nonEmpty(env[SSH_KNOWN_HOSTS_ENV])
    ? (env[SSH_KNOWN_HOSTS_ENV] as string)
    : join(env.HOME ?? homedir(), '.ssh', 'known_hosts');
  const identity = sshIdentity(env);
  if ('refusal' in identity) return identity;
  const where = `SSH to the Docker host ${username}@${host}:${port}`;
  let hostKeyRefusal: string | undefined;
  const types = knownKeyTypes(knownHosts, host, port).flatMap((type) =>
    type === 'ssh-rsa' ? ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'] : [type],
  );
  const agent = new SshDockerAgent({
    host,
    port,
    username,
    ...identity.options,
    ...(types.length === 0 ? {} : { algorithms: { serverHostKey: types } }),
    hostVerifier: (key: Buffer) => {
      const verdict = verifyHostKey(knownHosts, host, port, key);
      hostKeyRefusal = verdict.trusted ? undefined : verdict.reason;
      return verdict.trusted;
    },
  } as ConnectConfig);
  return {
    options: { protocol: 'http', host, port, agent } as Docker.DockerOptions,
    explain: (error) =>
      explainFailure(error, (code, message) => {
        if (/host denied/i.test(message) && hostKeyRefusal !== undefined)
          return `${where} refused: ${hostKeyRefusal}`;
        if (/authentication methods failed/i.test(message))
          return `${where} refused: the server accepted none of this client's keys (${identity.tried}). Add this client's public key to the remote user's ~/.ssh/authorized_keys, or name the right key with ${SSH_KEY_ENV}`;
        if (code === 'ECONNRESET' || /socket hang up|dial-stdio/i.test(message))
          return `${where} logged in, but \`docker system dial-stdio\` gave no answer (${message}): the remote user needs the docker CLI on its PATH and access to the daemon's socket (the docker group)`;
        return `${where} failed (${message}). An SSH server must answer there and know this client's key`;
      }),
  };
}

/** The key the SSH transport shows: the identity file named, else the agent, else ~/.ssh/id_*. */
function sshIdentity(env: NodeJS.ProcessEnv): { options: object; tried: string } | { refusal: string } {
  const named = env[SSH_KEY_ENV];
  if (nonEmpty(named)) {
    try {
      return { options: { privateKey: readFileSync(named as string) }, tried: `the key ${named}` };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      return {
        refusal: `SSH to the Docker host cannot start: ${SSH_KEY_ENV}=${named} cannot be read (${code})`,
      };
    }
  }
  if (nonEmpty(env.SSH_AUTH_SOCK))
    return { options: { agent: env.SSH_AUTH_SOCK }, tried: `the agent at SSH_AUTH_SOCK` };
  for (const name of ['id_ed25519', 'id_ecdsa', 'id_rsa']) {
    const file = join(env.HOME ?? homedir(), '.ssh', name);
    try {
      return { options: { privateKey: readFileSync(file) }, tried: `the key ${file}` };
    } catch {
      // The next default name.
    }
  }
  return {
    refusal: `SSH to the Docker host cannot start: no key to log in with. Start an ssh-agent holding the key (SSH_AUTH_SOCK), or name an unencrypted private key file with ${SSH_KEY_ENV}`,
  };
}

function explainFailure(error: unknown, reason: (code: string, message: string) => string): unknown {
  if (!(error instanceof Error) || 'statusCode' in error || error instanceof DockerTransportError)
    return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return new DockerTransportError(reason(String(code), error.message.replace(/\s+/g, ' ').trim()));
}

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value !== '';
}
