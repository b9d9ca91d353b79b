import { Agent } from 'node:http';
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import type { Client, ClientChannel, ConnectConfig } from 'ssh2';

/** Channels opened on one SSH connection before another is made: OpenSSH's MaxSessions is 10. */
const CHANNELS_PER_CONNECTION = 8;

interface Connection {
  client: Promise<Client>;
  /** Its socket under SSH: held (ref'd) while some channel is in use, so a pending request keeps the process. */
  sock: Socket;
  channels: number;
  busy: number;
  closed: boolean;
}

/** A spare's failure waits for the request that takes it: that one opens a channel of its own. */
function ignoreWhileSpare(): void {}

function holdWhileBusy(connection: Connection, delta: number): void {
  connection.busy += delta;
  if (connection.busy > 0) connection.sock.ref();
  else connection.sock.unref();
}

/**
 * The HTTP agent of the SSH transport: each HTTP connection to the daemon is `docker system
 * dial-stdio` on the remote host, as the docker CLI does, but over a few kept SSH connections (a
 * login costs seconds on a busy host, docker-modem's own SSH transport logs in for every request)
 * and kept alive between requests; an upgraded one (a pty's attach) leaves the pool, so one channel
 * is always opened ahead (its dial-stdio starts through the remote user's shell, a second or more
 * on some hosts, while the request that will take it is not yet asked). The socket
 * under SSH holds the process only while a channel is in use, so an idle pool never keeps a process
 * alive. destroy() ends every connection.
 */
export class SshDockerAgent extends Agent {
  private connections: Connection[] = [];
  /** One channel opened ahead, for the next connection the HTTP client asks for. */
  private spare: Promise<DialSocket> | undefined;

  constructor(private readonly config: ConnectConfig) {
    super({ keepAlive: true, maxFreeSockets: 4 });
  }

  override createConnection(
    _options: unknown,
    callback: (error: Error | null, stream?: Duplex) => void,
  ): undefined {
    const spare = this.spare;
    this.spare = undefined;
    const fresh = () => this.open().then((stream) => callback(null, stream), callback);
    if (spare === undefined) fresh();
    else
      spare.then(
        (stream) => {
          stream.off('error', ignoreWhileSpare);
          if (stream.destroyed || stream.readableEnded) fresh();
          else callback(null, stream.ref());
        },
        () => fresh(),
      );
    // The next connection's dial-stdio starts now, so a request does not wait for the remote shell.
    this.spare = this.open().then((stream) => stream.on('error', ignoreWhileSpare).unref());
    this.spare.catch(() => undefined);
    return undefined;
  }

  override destroy(): void {
    super.destroy();
    this.spare?.then(
      (stream) => stream.destroy(),
      () => undefined,
    );
    this.spare = undefined;
    for (const connection of this.connections.splice(0))
      connection.client.then(
        (client) => client.end(),
        () => undefined,
      );
  }

  /** A new dial-stdio channel on a connection with room for one, held (ref'd) until unref'd. */
  private open(): Promise<DialSocket> {
    const connection = this.pick();
    connection.channels += 1;
    holdWhileBusy(connection, 1);
    return new Promise<DialSocket>((resolve, reject) => {
      const failed = (error: Error) => {
        connection.channels -= 1;
        holdWhileBusy(connection, -1);
        reject(error);
      };
      connection.client.then(
        (client) =>
          client.exec('docker system dial-stdio', (error, stream) => {
            if (error) failed(error);
            else resolve(dialStream(stream, connection));
          }),
        failed,
      );
    });
  }

  private pick(): Connection {
    this.connections = this.connections.filter((connection) => !connection.closed);
    const open = this.connections.find((connection) => connection.channels < CHANNELS_PER_CONNECTION);
    if (open !== undefined) return open;
    const sock = connect({ host: this.config.host ?? '127.0.0.1', port: this.config.port ?? 22 });
    // ssh2 as docker-modem has it (not a dependency of this package of its own).
    const fromModem = createRequire(createRequire(import.meta.url).resolve('docker-modem'));
    const { Client: SshClient } = fromModem('ssh2') as typeof import('ssh2');
    const client = new SshClient();
    const made: Connection = { client: Promise.resolve(client), sock, channels: 0, busy: 0, closed: false };
    made.client = new Promise<Client>((resolve, reject) => {
      client.once('ready', () => resolve(client));
      client.on('error', (error) => {
        made.closed = true;
        reject(error);
      });
      client.once('close', () => (made.closed = true));
    });
    made.client.catch(() => undefined);
    client.connect({ ...this.config, sock });
    this.connections.push(made);
    return made;
  }
}

/**
 * The channel as the HTTP client's socket. Its reading side ends with the channel's data once the
 * daemon answered; without an answer, when the channel closes after the remote command's exit status:
 * a dial-stdio that exits before any answer (no docker CLI, no access to the daemon) fails the
 * request with its exit status and stderr rather than a bare hang-up.
 */
type DialSocket = Duplex & { ref(): DialSocket; unref(): DialSocket };

function dialStream(channel: ClientChannel, connection: Connection): DialSocket {
  let answered = false;
  let stderr = '';
  let exit: string | undefined;
  let held = true;
  const hold = (now: boolean) => {
    if (now !== held) holdWhileBusy(connection, now ? 1 : -1);
    held = now;
  };
  const socket = new Duplex({
    read: () => channel.resume(),
    write: (chunk, encoding, done) => channel.write(chunk, encoding, done),
    final: (done) => {
      channel.end();
      done();
    },
    destroy: (error, done) => {
      channel.destroy();
      done(error);
    },
  });
  channel.on('data', (chunk: Buffer) => {
    answered = true;
    if (!socket.push(chunk)) channel.pause();
  });
  channel.stderr.on('data', (chunk: Buffer) => (stderr = `${stderr}${chunk}`.slice(-500)));
  channel.once('exit', (code: number | null, signal?: string) => {
    if (code !== 0) exit = code === null ? `was killed by ${signal}` : `exited with ${code}`;
  });
  channel.on('error', (error: Error) => socket.destroy(error));
  // An answer ends with the daemon's side (waiting for the channel's close costs seconds on some).
  channel.once('end', () => {
    if (answered) socket.push(null);
  });
  channel.once('close', () => {
    connection.channels -= 1;
    hold(false);
    if (!answered && exit !== undefined)
      socket.destroy(new Error(`the remote \`docker system dial-stdio\` ${exit}: ${stderr.trim()}`));
    else if (!answered) socket.push(null);
  });
  // What the HTTP client and its keep-alive agent call on a TCP socket (unref: the channel is idle in the pool).
  const dial: DialSocket = Object.assign(socket, {
    setKeepAlive: () => dial,
    setNoDelay: () => dial,
    setTimeout: () => dial,
    ref: () => {
      hold(true);
      return dial;
    },
    unref: () => {
      hold(false);
      return dial;
    },
  });
  return dial;
}
