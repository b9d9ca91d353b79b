import { describe, expect, it } from 'vitest';
import { fakeHostView } from '../sandbox/fake-host-view';
import { mounts } from '../sandbox/bubblewrap/mount-lines';
import { SANDBOX_ISOLATION_ARGUMENTS } from '../sandbox/bubblewrap/sandbox-isolation-arguments';
import { type ServerLaunchOptions, sandboxedServerLaunch } from './sandboxed-server-launch';

const host = fakeHostView({
  '/usr': 'directory',
  '/usr/bin/node': 'file',
  '/etc': 'directory',
  '/etc/shadow': 'file',
  '/etc/ssh/ssh_host_ed25519_key': 'file',
  '/opt': 'directory',
  '/srv/mcp': 'directory',
  '/srv/mcp/server.js': 'file',
  '/srv/mcp/lib.js': 'file',
  '/srv/mcp/key-link': '-> /home/ada/.ssh/id_ed25519',
  '/srv/app/node_modules': 'directory',
  '/srv/app/node_modules/pkg/dist/index.js': 'file',
  '/srv/app/node_modules/pkg/.env': 'file',
  '/home/ada': 'directory',
  '/home/ada/server.js': 'file',
  '/home/ada/config.json': 'file',
  '/home/ada/.ssh': 'directory',
  '/home/ada/.ssh/id_ed25519': 'file',
  '/home/ada/.netrc': 'file',
  '/home/ada/.agent-workbench': 'directory',
  '/home/ada/.agent-workbench/session-key': 'file',
  '/home/ada/.agent-workbench/observations/c1': 'directory',
  '/home/ada/project': 'directory',
  '/home/ada/project/server.js': 'file',
  '/home/ada/node_modules/pkg/index.js': 'file',
});

function launch(overrides: Partial<ServerLaunchOptions> = {}) {
  return sandboxedServerLaunch({
    command: '/usr/bin/node',
    args: [],
    env: { PATH: '/usr/bin', HOME: '/home/ada' },
    workspaceDir: '/home/ada/project',
    readOnlyDir: '/home/ada/.agent-workbench/observations/c1',
    bwrapPath: '/usr/bin/bwrap',
    dataDir: '/home/ada/.agent-workbench',
    homeDir: '/home/ada',
    nodePath: '/usr/bin/node',
    host,
    ...overrides,
  });
}

/** The mount lines of a launch that must not be refused. */
function mountsOf(overrides: Partial<ServerLaunchOptions>): string[] {
  const result = launch(overrides);
  if ('refused' in result) throw new Error(`refused: ${result.refused}`);
  return mounts(result.args.slice(0, result.args.indexOf(SANDBOX_ISOLATION_ARGUMENTS[0])));
}

function refusalOf(overrides: Partial<ServerLaunchOptions>): string {
  const result = launch(overrides);
  return 'refused' in result ? result.refused : 'started';
}

describe('sandboxedServerLaunch: what a stdio server sees', () => {
  it('shows a script in the home as that file alone, never the home around it', () => {
    const lines = mountsOf({ args: ['/home/ada/server.js', '--config', '/home/ada/config.json'] });
    expect(lines).toContain('--ro-bind /home/ada/server.js /home/ada/server.js');
    expect(lines).toContain('--ro-bind /home/ada/config.json /home/ada/config.json');
    expect(lines).not.toContain('--ro-bind /home/ada /home/ada');
  });

  it('shows a file outside the home alone too: its neighbours need read_only_paths', () => {
    const lines = mountsOf({ args: ['/srv/mcp/server.js'] });
    expect(lines).toContain('--ro-bind /srv/mcp/server.js /srv/mcp/server.js');
    expect(lines).not.toContain('--ro-bind /srv/mcp /srv/mcp');
    expect(mountsOf({ args: ['/srv/mcp/server.js'], readOnlyPaths: ['/srv/mcp'] })).toContain(
      '--ro-bind /srv/mcp /srv/mcp',
    );
  });

  it("shows a package's node_modules folder, so its dependencies load", () => {
    const lines = mountsOf({ args: ['/srv/app/node_modules/pkg/dist/index.js', 'stdio'] });
    expect(lines).toContain('--ro-bind /srv/app/node_modules /srv/app/node_modules');
  });

  it('shows only the file when its node_modules folder holds a denied path', () => {
    const lines = mountsOf({
      args: ['/srv/app/node_modules/pkg/dist/index.js'],
      denyPaths: ['/srv/app/node_modules/pkg/.env'],
    });
    expect(lines).toContain(
      '--ro-bind /srv/app/node_modules/pkg/dist/index.js /srv/app/node_modules/pkg/dist/index.js',
    );
    expect(lines).not.toContain('--ro-bind /srv/app/node_modules /srv/app/node_modules');
  });

  it('binds nothing again for a script in the workspace or a folder argument', () => {
    const lines = mountsOf({ args: ['/home/ada/project/server.js', '/srv/mcp'] });
    expect(lines.filter((line) => line.includes('server.js') || line.includes('/srv/mcp'))).toEqual([]);
  });

  it('keeps a hidden path masked inside an exposed folder, after its bind', () => {
    // /etc/shadow is masked, not refused: /etc is shown anyway, and the mask wins over the exposed bind.
    const lines = mountsOf({ readOnlyPaths: ['/etc'] });
    const exposed = lines.lastIndexOf('--ro-bind /etc /etc');
    expect(exposed).toBeGreaterThan(lines.indexOf('--ro-bind /etc /etc'));
    expect(lines.lastIndexOf('--ro-bind /dev/null /etc/shadow')).toBeGreaterThan(exposed);
    expect(lines.lastIndexOf('--ro-bind /dev/null /etc/ssh/ssh_host_ed25519_key')).toBeGreaterThan(exposed);
  });

  it('runs the server as given when the sandbox is turned off', () => {
    expect(launch({ bwrapPath: undefined, readOnlyPaths: ['/home/ada'] })).toMatchObject({
      command: '/usr/bin/node',
    });
  });
});

describe('sandboxedServerLaunch: paths that would uncover a hidden one are refused', () => {
  it.each([
    [
      { readOnlyPaths: ['/home/ada'] },
      /^read_only_paths entry "\/home\/ada" contains "\/home\/ada\/\.agent-workbench", which the sandbox hides/,
    ],
    [
      { readOnlyPaths: ['/home/ada/.ssh'] },
      /^read_only_paths entry "\/home\/ada\/\.ssh" is "\/home\/ada\/\.ssh"/,
    ],
    [
      { readOnlyPaths: ['/home/ada/.agent-workbench/observations'] },
      /lies inside "\/home\/ada\/\.agent-workbench"/,
    ],
    [{ readOnlyPaths: ['/home/ada/project/../.ssh'] }, /is "\/home\/ada\/\.ssh"/],
    [{ readOnlyPaths: ['relative/folder'] }, /"relative\/folder" is not an absolute path/],
    [
      { args: ['/srv/mcp/server.js', '--key', '/home/ada/.agent-workbench/session-key'] },
      /^the argument "\/home\/ada\/\.agent-workbench\/session-key" lies inside "\/home\/ada\/\.agent-workbench"/,
    ],
    [
      { args: ['/srv/mcp/key-link'] },
      /^the argument "\/srv\/mcp\/key-link" lies inside "\/home\/ada\/\.ssh"/,
    ],
    [{ command: '/home/ada/.netrc' }, /^the command "\/home\/ada\/\.netrc" is "\/home\/ada\/\.netrc"/],
  ])('%o', (overrides, reason) => {
    expect(refusalOf(overrides)).toMatch(reason);
  });

  it("uses the runtime's home, not the server's HOME variable, for the credential folders", () => {
    const overrides = { env: { PATH: '/usr/bin', HOME: '/nonexistent' }, readOnlyPaths: ['/home/ada/.ssh'] };
    expect(refusalOf(overrides)).toMatch(/"\/home\/ada\/\.ssh" is/);
  });

  it('refuses a node_modules file that lies in a denied folder', () => {
    expect(
      refusalOf({ args: ['/home/ada/node_modules/pkg/index.js'], denyPaths: ['/home/ada/node_modules'] }),
    ).toMatch(/^the argument "\/home\/ada\/node_modules\/pkg\/index\.js" lies inside/);
  });
});
