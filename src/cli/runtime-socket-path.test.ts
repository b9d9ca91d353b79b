import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runtimeCommand } from './runtime-command';
import { runtimeSocketPath } from './runtime-socket-path';

describe('where the ingress reaches the runtime', () => {
  it('is a Unix socket in the data dir', () => {
    expect(runtimeSocketPath('/home/me/.agent-workbench', {})).toBe(
      join('/home/me/.agent-workbench', 'sockets', 'runtime.sock'),
    );
  });

  it('is TCP when the path would not fit a socket address (107 bytes)', () => {
    const fits = `/${'d'.repeat(107 - '/sockets/runtime.sock'.length - 1)}`;
    expect(runtimeSocketPath(fits, {})).toHaveLength(107);
    expect(runtimeSocketPath(`${fits}d`, {})).toBeUndefined();
    // Bytes, not characters: sun_path is bytes.
    expect(runtimeSocketPath(`${fits.slice(0, -1)}é`, {})).toBeUndefined();
  });

  it('is TCP when AGENT_WORKBENCH_INGRESS_OVER_TCP=1', () => {
    expect(runtimeSocketPath('/data', { AGENT_WORKBENCH_INGRESS_OVER_TCP: '1' })).toBeUndefined();
  });

  it("reaches the runtime in its environment, never inherited from the launcher's", () => {
    const base = {
      cwd: '/',
      env: { AGENT_WORKBENCH_RUNTIME_SOCKET: '/tmp/elsewhere.sock' },
      host: '127.0.0.1',
      port: 18000,
      dataDir: '/data',
      workspace: '/ws',
      sessionKey: 'k',
      allowedOrigins: [],
      automationKey: 'a',
    };
    expect(
      runtimeCommand({ ...base, socketPath: '/data/sockets/runtime.sock' }).env
        .AGENT_WORKBENCH_RUNTIME_SOCKET,
    ).toBe('/data/sockets/runtime.sock');
    expect(runtimeCommand(base).env.AGENT_WORKBENCH_RUNTIME_SOCKET).toBeUndefined();
  });
});
