import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntilHealthy } from './wait-until-healthy';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A server whose probe path answers `status`; resolves with its URL. */
async function serve(status: number): Promise<string> {
  server = createServer((_request, response) => {
    response.writeHead(status);
    response.end();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const never = new Promise<void>(() => {});

describe('waitUntilHealthy', () => {
  it('polls until the probe answers 200', async () => {
    expect(await waitUntilHealthy(await serve(200), { timeoutMs: 5_000, intervalMs: 20 })).toBe('healthy');
  });

  it('takes a process at its word when it says it listens, without waiting for a probe to answer 200', async () => {
    const url = await serve(503);
    const listening = new Promise<void>((resolve) => setTimeout(resolve, 50));
    expect(await waitUntilHealthy(url, { timeoutMs: 5_000, intervalMs: 20, listening })).toBe('healthy');
  });

  it('still polls, as the fallback, a process that never says it listens', async () => {
    const url = await serve(200);
    expect(await waitUntilHealthy(url, { timeoutMs: 5_000, intervalMs: 20, listening: never })).toBe(
      'healthy',
    );
  });

  it('stops at once, not at the next poll, when the process exits before it says anything', async () => {
    const url = await serve(503);
    let exit: () => void = () => {};
    const exited = new Promise<void>((resolve) => {
      exit = resolve;
    });
    const result = waitUntilHealthy(url, { timeoutMs: 60_000, intervalMs: 60_000, exited, listening: never });
    setTimeout(exit, 50);
    expect(await result).toBe('exited');
  });

  it('times out on a process that neither answers nor says it listens', async () => {
    const url = await serve(503);
    expect(await waitUntilHealthy(url, { timeoutMs: 300, intervalMs: 20, listening: never })).toBe('timeout');
  });
});
