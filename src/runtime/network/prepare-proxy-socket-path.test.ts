import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareProxySocketPath } from './prepare-proxy-socket-path';

describe('prepareProxySocketPath', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'awb-data-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('puts the socket in a 0700 directory per conversation under <data-dir>/net', async () => {
    const location = await prepareProxySocketPath(dataDir, 'conversation-1');
    expect(location.temporary).toBe(false);
    expect(location.directory.startsWith(join(dataDir, 'net'))).toBe(true);
    expect(location.socketPath).toBe(join(location.directory, 'proxy.sock'));
    expect((await stat(location.directory)).mode & 0o777).toBe(0o700);
    expect((await prepareProxySocketPath(dataDir, 'conversation-2')).directory).not.toBe(location.directory);
  });

  it('falls back to a fresh 0700 directory under the temp dir when the path would pass 108 bytes', async () => {
    const deepDataDir = join(dataDir, 'd'.repeat(90));
    const location = await prepareProxySocketPath(deepDataDir, 'conversation-1');
    try {
      expect(location.temporary).toBe(true);
      expect(Buffer.byteLength(location.socketPath)).toBeLessThanOrEqual(107);
      expect((await stat(location.directory)).mode & 0o777).toBe(0o700);
    } finally {
      await rm(location.directory, { recursive: true, force: true });
    }
  });
});
