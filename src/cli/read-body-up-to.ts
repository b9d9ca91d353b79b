import type { IncomingMessage } from 'node:http';

/** The whole body, or undefined once it passes `limit` bytes (the rest is drained, not kept). */
export function readBodyUpTo(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received <= limit) return void chunks.push(chunk);
      chunks.length = 0;
      resolve(undefined);
    });
    request.on('end', () => resolve(received <= limit ? Buffer.concat(chunks) : undefined));
    request.on('error', () => resolve(undefined));
  });
}
