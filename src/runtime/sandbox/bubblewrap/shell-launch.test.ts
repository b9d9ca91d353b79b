import { describe, expect, it } from 'vitest';
import { fakeHostView } from '../fake-host-view';
import { shellLaunch, type ShellLaunchOptions } from './shell-launch';

const host = fakeHostView({
  '/usr': 'directory',
  '/etc': 'directory',
  '/bin': '-> usr/bin',
  '/work': 'directory',
  '/tmp/s': 'directory',
});

function options(overrides: Partial<ShellLaunchOptions> = {}): ShellLaunchOptions {
  return {
    workspaceDir: '/work',
    scriptsDir: '/tmp/s',
    promptCommand: 'marker',
    bwrapPath: '/usr/bin/bwrap',
    env: { PATH: '/usr/bin:/bin', HOME: '/home/ada', LLM_API_KEY: 'sk', HTTP_PROXY: 'http://corp:1' },
    dataDir: '/home/ada/.agent-workbench',
    nodePath: '/usr/bin/node',
    host,
    ...overrides,
  };
}

describe('shellLaunch', () => {
  it('isolates network, processes and privileges, without a new session (C-c needs the pty)', () => {
    const launch = shellLaunch(options());
    expect(launch.file).toBe('/usr/bin/bwrap');
    const namespaces = '--unshare-net --unshare-pid --unshare-ipc --unshare-uts --unshare-cgroup-try';
    for (const flag of [...namespaces.split(' '), '--die-with-parent']) {
      expect(launch.args).toContain(flag);
    }
    expect(launch.args.join(' ')).toContain('--cap-drop ALL');
    expect(launch.args).not.toContain('--new-session');
    expect(launch.args).not.toContain('--share-net');
    expect(launch.args.slice(launch.args.indexOf('--') + 1)).toEqual([
      'bash',
      '--norc',
      '--noprofile',
      '--noediting',
      '-i',
    ]);
  });

  it('gives the shell no secrets and no unreachable proxy', () => {
    const { env } = shellLaunch(options());
    expect(env.LLM_API_KEY).toBeUndefined();
    expect(env.HTTP_PROXY).toBeUndefined();
    expect(env.PROMPT_COMMAND).toBe('marker');
    expect(env.HOME).toBe('/home/ada');
  });

  it('starts the proxy bridge with the node binary and points the proxy variables at it', () => {
    const launch = shellLaunch(
      options({
        network: { proxySocketPath: '/work/.sock/proxy.sock', bridgeScriptPath: '/usr/lib/awb/bridge.mjs' },
      }),
    );
    const command = launch.args.slice(launch.args.indexOf('--') + 1);
    expect(command).toContain('/usr/bin/node');
    expect(command).toContain('/usr/lib/awb/bridge.mjs');
    expect(command).toContain('/work/.sock/proxy.sock');
    expect(command.indexOf('/usr/bin/node')).toBeLessThan(command.lastIndexOf('-i'));
    expect(command.slice(-4)).toEqual(['--norc', '--noprofile', '--noediting', '-i']);
    expect(launch.env.https_proxy).toBe('http://127.0.0.1:3128');
    expect(launch.args).toContain('--unshare-net');
  });

  it('runs plain bash when the sandbox is off', () => {
    const launch = shellLaunch(options({ bwrapPath: undefined }));
    expect(launch).toMatchObject({ file: 'bash', sandboxed: false });
    expect(launch.env.LLM_API_KEY).toBeUndefined();
  });
});
