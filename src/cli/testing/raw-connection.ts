import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** The status line and header lines as they came, e.g. ['HTTP/1.1 200 OK', 'content-type: …']. */
  headLines: string[];
  status: number;
  body: string;
}

export interface RawConnection {
  socket: Socket;
  /** Writes `text` as it is (latin1) and reads one answer framed by its Content-Length. */
  exchange(text: string): Promise<RawAnswer>;
  /** Everything the server sends from now until it closes the connection. */
  readUntilClosed(): Promise<string>;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
}

/**
 * One kept-alive TCP connection to a server, for tests that write requests byte for byte (several on
 * one connection, malformed ones). Answers are read by Content-Length only: enough for the test servers.
 */
export async function openRawConnection(port: number): Promise<RawConnection> {
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = Buffer.alloc(0);
  let wake: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake?.();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => socket.destroy());
  void closed.then(() => wake?.());
  let isClosed = false;
  void closed.then(() => {
    isClosed = true;
  });
  const more = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
    });

  async function readAnswer(): Promise<RawAnswer> {
    for (;;) {
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd !== -1) {
        const headLines = received.toString('latin1', 0, headEnd).split('\r\n');
        const lengthLine = headLines.find((line) => /^content-length:/i.test(line));
        const length = Number(lengthLine?.split(':')[1]?.trim() ?? 0);
        if (received.length >= headEnd + 4 + length) {
          const body = received.toString('utf8', headEnd + 4, headEnd + 4 + length);
          received = received.subarray(headEnd + 4 + length);
          return { headLines, status: Number(headLines[0]?.slice(9, 12)), body };
        }
      }
      if (isClosed) throw new Error(`connection closed with ${received.length} bytes of an answer`);
      await more();
    }
  }

  return {
    socket,
    closed,
    async exchange(text) {
      socket.write(Buffer.from(text, 'latin1'));
      return readAnswer();
    },
    async readUntilClosed() {
      await closed;
      return received.toString('latin1');
    },
  };
}
