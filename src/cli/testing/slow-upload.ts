import { type Agent, request as httpRequest } from 'node:http';

export interface SlowUploadResult {
  /** The answer's status, or undefined when none arrived. */
  status: number | undefined;
  body: string;
  /** The code of an error the request hit (EPIPE, ECONNRESET…), after or instead of the answer. */
  requestError: string | undefined;
}

export interface SlowUploadOptions {
  path: string;
  body: Buffer;
  headers?: Record<string, string>;
  /** Bytes per write (default 64 KiB) and the pause between writes (default 2 ms). */
  chunkBytes?: number;
  pauseMs?: number;
  /** Default: a fresh connection that asks to close (`Connection: close`). */
  agent?: Agent | false;
}

/**
 * A POST whose announced body is written piece by piece, as a browser on a slow link would: resolves
 * once the answer has ended (or failed) and the request is done, reporting any error the request hit on
 * the way, so a test can tell "the server's answer" from "a 502" and from "a broken pipe".
 */
export function slowUpload(port: number, options: SlowUploadOptions): Promise<SlowUploadResult> {
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  const pauseMs = options.pauseMs ?? 2;
  return new Promise((resolve) => {
    let answer: { status: number; body: string } | undefined;
    let answerPending = false;
    let requestClosed = false;
    let requestError: string | undefined;
    const settle = () => {
      if (requestClosed && !answerPending) {
        resolve({ status: answer?.status, body: answer?.body ?? '', requestError });
      }
    };
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        agent: options.agent ?? false,
        method: 'POST',
        path: options.path,
        headers: {
          host: `localhost:${port}`,
          'content-length': String(options.body.length),
          ...options.headers,
        },
      },
      (response) => {
        answerPending = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          answer = { status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') };
          answerPending = false;
          settle();
        });
        response.on('error', (error: NodeJS.ErrnoException) => {
          requestError ??= error.code ?? error.message;
          answerPending = false;
          settle();
        });
        response.on('close', () => {
          if (!response.complete) requestError ??= 'answer cut short';
          answerPending = false;
          settle();
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      requestError ??= error.code ?? error.message;
    });
    // 'close' comes last whatever happened: body written, cut short, or the socket gone.
    request.on('close', () => {
      requestClosed = true;
      settle();
    });
    let offset = 0;
    const writeNext = () => {
      if (request.socket?.destroyed || request.writableEnded) return;
      if (offset >= options.body.length) return void request.end();
      request.write(options.body.subarray(offset, offset + chunkBytes));
      offset += chunkBytes;
      setTimeout(writeNext, pauseMs);
    };
    writeNext();
  });
}

/** A multipart/form-data body with one file field named `file`, as the upstream client sends it. */
export function multipartBody(
  content: Buffer,
  fileName = 'upload.bin',
): { body: Buffer; contentType: string } {
  const boundary = `----agent-workbench-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
