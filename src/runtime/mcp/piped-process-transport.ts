import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { PipedProcess } from '../sandbox/piped-process';

/**
 * The MCP stdio transport over a process a sandbox backend started (a container's exec): newline
 * delimited JSON-RPC on its stdin and stdout, read through the SDK's bounded buffer (a server that
 * floods its stdout without a newline is cut off, not buffered without end). `close` ends stdin and
 * kills the process; `onclose` fires once, when it ended or was closed.
 */
export function pipedProcessTransport(
  start: () => Promise<PipedProcess>,
  onStderr: (text: string) => void,
): Transport {
  const buffer = new ReadBuffer();
  let child: PipedProcess | undefined;
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    buffer.clear();
    transport.onclose?.();
  };
  const transport: Transport = {
    async start() {
      if (child !== undefined) throw new Error('the transport was started already');
      child = await start();
      child.stdout.on('data', (chunk: Buffer) => {
        try {
          buffer.append(chunk);
        } catch (error) {
          transport.onerror?.(error instanceof Error ? error : new Error(String(error)));
          void transport.close();
          return;
        }
        for (;;) {
          let message: JSONRPCMessage | null;
          try {
            message = buffer.readMessage();
          } catch (error) {
            // One line that is no JSON-RPC message: reported, and the next line is read.
            transport.onerror?.(error instanceof Error ? error : new Error(String(error)));
            continue;
          }
          if (message === null) break;
          transport.onmessage?.(message);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => onStderr(chunk.toString('utf8')));
      child.stdin.on('error', (error: Error) => transport.onerror?.(error));
      child.onExit(finish);
    },
    send(message) {
      return new Promise((resolve, reject) => {
        if (child === undefined || closed) {
          reject(new Error('Not connected'));
          return;
        }
        if (child.stdin.write(serializeMessage(message))) resolve();
        else child.stdin.once('drain', resolve);
      });
    },
    async close() {
      const running = child;
      if (running !== undefined && !closed) {
        running.stdin.end();
        await running.kill();
      }
      finish();
    },
  };
  return transport;
}
