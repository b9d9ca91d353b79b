import { describe, expect, it } from 'vitest';
import { sandboxNetwork } from './sandbox-network';

const BASH = ['--norc', '-i'];

describe('sandboxNetwork', () => {
  it('without a proxy: plain bash and no proxy variables (the host ones cannot be reached)', () => {
    const network = sandboxNetwork(undefined);
    expect(network.exposed).toEqual([]);
    expect(network.command('/usr/bin/node', BASH)).toEqual(['bash', '--norc', '-i']);
    expect(network.env({ HTTPS_PROXY: 'http://corp:8080', no_proxy: 'x', PATH: '/bin' })).toEqual({
      PATH: '/bin',
    });
  });

  it('with a proxy: exposes the socket folder and bridge, starts the bridge before bash, sets the proxy variables', () => {
    const network = sandboxNetwork({
      proxySocketPath: '/run/awb/proxy.sock',
      bridgeScriptPath: '/opt/awb/bridge.mjs',
    });
    expect(network.exposed).toEqual(['/run/awb', '/opt/awb/bridge.mjs']);
    const command = network.command('/usr/bin/node', BASH);
    expect(command.slice(0, 4)).toEqual(['bash', '--norc', '--noprofile', '-c']);
    expect(command[4]).toMatch(/^"\$1" "\$2" "\$3" .*& shift 3; .*export PS1= PS2=; exec bash "\$@"$/);
    // The shell waits (boundedly) for the bridge to listen, so the first command has its proxy.
    expect(command[4]).toMatch(/for _ in \$\(seq 100\); do \(: <\/dev\/tcp\/127\.0\.0\.1\/3128\)/);
    expect(command.slice(5)).toEqual([
      'awb-bridge',
      '/usr/bin/node',
      '/opt/awb/bridge.mjs',
      '/run/awb/proxy.sock',
      '--norc',
      '-i',
    ]);
    const env = network.env({ PATH: '/bin', ALL_PROXY: 'socks5://elsewhere' });
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy'])
      expect(env[name]).toBe('http://127.0.0.1:3128');
    expect(env.NO_PROXY).toBe('localhost,127.0.0.1,::1');
    expect(env.no_proxy).toBe('localhost,127.0.0.1,::1');
    expect(env.ALL_PROXY).toBeUndefined();
  });
});
