import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type TLSSocket } from 'node:tls';

const OPENSSL = '/usr/bin/openssl';

/** A TLS front for the local daemon, as a remote `dockerd --tlsverify` would be, and client folders. */
export interface TlsDockerRelay {
  port: number;
  /** ca.pem, cert.pem, key.pem that the relay trusts and verifies: a DOCKER_CERT_PATH that works. */
  certDir: string;
  /** The right client certificate, but ca.pem of another CA: the daemon is not trusted. */
  wrongCaDir: string;
  /** The right ca.pem, but a client certificate another CA signed: the daemon refuses this client. */
  untrustedClientDir: string;
  /** Connections the relay accepted (a verified client certificate each). */
  accepted(): number;
  close(): Promise<void>;
}

/**
 * Makes a CA, a server certificate for 127.0.0.1 and a client certificate with openssl under a temp
 * folder, then listens with TLS (a client certificate required and verified) and forwards each
 * accepted connection byte for byte to `socketPath`. Throws with the install hint without openssl.
 */
export async function startTlsDockerRelay(socketPath = '/var/run/docker.sock'): Promise<TlsDockerRelay> {
  if (!existsSync(OPENSSL))
    throw new Error(
      `the TLS transport tests need ${OPENSSL} to make certificates (Debian: apt-get install openssl)`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'awb-docker-tls-'));
  const ca = makeCa(dir, 'ca');
  const otherCa = makeCa(dir, 'other-ca');
  const server = signed(dir, 'server', ca, 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth');
  const client = signed(dir, 'client', ca, 'extendedKeyUsage=clientAuth');
  const strangerClient = signed(dir, 'stranger', otherCa, 'extendedKeyUsage=clientAuth');
  const certDir = clientFolder(dir, 'client-ok', ca.cert, client);
  const wrongCaDir = clientFolder(dir, 'client-wrong-ca', otherCa.cert, client);
  const untrustedClientDir = clientFolder(dir, 'client-untrusted', ca.cert, strangerClient);
  let accepted = 0;
  const open = new Set<Socket>();
  const relay = createServer(
    {
      key: read(server.key),
      cert: read(server.cert),
      ca: read(ca.cert),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (front: TLSSocket) => {
      accepted += 1;
      const back = connect(socketPath);
      for (const socket of [front, back]) {
        open.add(socket);
        socket.on('close', () => open.delete(socket));
        socket.on('error', () => {
          front.destroy();
          back.destroy();
        });
      }
      front.pipe(back).pipe(front);
    },
  );
  relay.on('tlsClientError', () => {
    // A refused client: its side reads the alert.
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  if (address === null || typeof address === 'string') throw new Error('the TLS relay has no port');
  return {
    port: address.port,
    certDir,
    wrongCaDir,
    untrustedClientDir,
    accepted: () => accepted,
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface KeyPair {
  key: string;
  cert: string;
}

/** A new P-256 key at `pair.key` and, with `-x509`, a self-signed certificate, else a request, at `out`. */
function newKey(pair: KeyPair, out: string, subject: string, selfSigned: boolean): void {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const days = selfSigned ? ['-x509', '-days', '2'] : [];
  openssl(['req', ...days, ...ec, '-keyout', pair.key, '-out', out, '-subj', subject]);
}

function makeCa(dir: string, name: string): KeyPair {
  const pair = { key: join(dir, `${name}-key.pem`), cert: join(dir, `${name}.pem`) };
  newKey(pair, pair.cert, `/CN=awb test ${name}`, true);
  return pair;
}

function signed(dir: string, name: string, ca: KeyPair, extensions: string): KeyPair {
  const pair = { key: join(dir, `${name}-key.pem`), cert: join(dir, `${name}.pem`) };
  const request = join(dir, `${name}.csr`);
  const extFile = join(dir, `${name}.ext`);
  writeFileSync(extFile, `${extensions}\n`);
  newKey(pair, request, `/CN=${name === 'server' ? '127.0.0.1' : name}`, false);
  const signing = ['-CA', ca.cert, '-CAkey', ca.key, '-CAcreateserial', '-days', '2', '-extfile', extFile];
  openssl(['x509', '-req', '-in', request, ...signing, '-out', pair.cert]);
  return pair;
}

function clientFolder(dir: string, name: string, caCert: string, client: KeyPair): string {
  const folder = join(dir, name);
  mkdirSync(folder);
  writeFileSync(join(folder, 'ca.pem'), read(caCert));
  writeFileSync(join(folder, 'cert.pem'), read(client.cert));
  writeFileSync(join(folder, 'key.pem'), read(client.key), { mode: 0o600 });
  return folder;
}

function openssl(args: string[]): void {
  execFileSync(OPENSSL, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function read(file: string): Buffer {
  return readFileSync(file);
}
