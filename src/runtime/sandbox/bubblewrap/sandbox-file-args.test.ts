import { describe, expect, it } from 'vitest';
import { deniedPaths } from '../denied-paths';
import { fakeHostView } from '../fake-host-view';
import { mounts } from './mount-lines';
import { sandboxFileArgs, type SandboxFilesInput } from './sandbox-file-args';

const host = fakeHostView({
  '/usr': 'directory',
  '/etc': 'directory',
  '/etc/shadow': 'file',
  '/etc/ssh/ssh_host_ed25519_key': 'file',
  '/etc/ssh/ssh_host_ed25519_key.pub': 'file',
  '/bin': '-> usr/bin',
  '/lib': '-> usr/lib',
  '/home/ada': 'directory',
  '/home/ada/.ssh': 'directory',
  '/home/ada/.ssh/id_ed25519': 'file',
  '/home/ada/.netrc': 'file',
  '/home/ada/.pyenv': 'directory',
  '/home/ada/.cargo': 'directory',
  '/home/ada/.cargo/credentials.toml': 'file',
  '/home/ada/.rustup': 'directory',
  '/home/ada/.agent-workbench': 'directory',
  '/home/ada/.agent-workbench/observations/c1': 'directory',
  '/home/ada/project': 'directory',
  '/home/ada/project/.env': 'file',
  '/home/ada/project/.git': 'directory',
  '/home/ada/project/.git/config': 'file',
  '/home/ada/project/.git/hooks': 'directory',
  '/home/ada/project/.git/info': 'directory',
  '/tmp/scripts': 'directory',
});

function input(overrides: Partial<SandboxFilesInput> = {}): SandboxFilesInput {
  return {
    workspaceDir: '/home/ada/project',
    scriptsDir: '/tmp/scripts',
    homeDir: '/home/ada',
    commandDirectories: ['/home/ada/.pyenv/shims', '/home/ada/.cargo/bin', '/usr/bin', '/bin'],
    denied: deniedPaths({ homeDir: '/home/ada', dataDir: '/home/ada/.agent-workbench', denyPaths: [] }),
    exposed: [],
    ...overrides,
  };
}

describe('sandboxFileArgs', () => {
  it('binds system trees read-only, recreates merged-usr symlinks and never binds /', () => {
    const lines = mounts(sandboxFileArgs(input(), host));
    expect(lines.slice(0, 4)).toEqual([
      '--ro-bind /usr /usr',
      '--ro-bind /etc /etc',
      '--symlink usr/bin /bin',
      '--symlink usr/lib /lib',
    ]);
    expect(lines).not.toContain('--ro-bind / /');
    expect(lines).toContain('--dev /dev');
    expect(lines).toContain('--proc /proc');
    expect(lines).toContain('--tmpfs /tmp');
  });

  it('masks /etc secrets and SSH host private keys, not the public ones', () => {
    const lines = mounts(sandboxFileArgs(input(), host));
    expect(lines).toContain('--ro-bind /dev/null /etc/shadow');
    expect(lines).toContain('--ro-bind /dev/null /etc/ssh/ssh_host_ed25519_key');
    expect(lines.join('\n')).not.toContain('ssh_host_ed25519_key.pub');
  });

  it('puts an empty tmpfs on the home, then binds whole tool managers on PATH, then the workspace', () => {
    const lines = mounts(sandboxFileArgs(input(), host));
    const home = lines.indexOf('--tmpfs /home/ada');
    const pyenv = lines.indexOf('--ro-bind /home/ada/.pyenv /home/ada/.pyenv');
    const rustup = lines.indexOf('--ro-bind /home/ada/.rustup /home/ada/.rustup');
    const workspace = lines.indexOf('--bind /home/ada/project /home/ada/project');
    expect(home).toBeGreaterThan(-1);
    expect(pyenv).toBeGreaterThan(home);
    expect(rustup).toBeGreaterThan(home);
    expect(workspace).toBeGreaterThan(pyenv);
    expect(lines).toContain('--ro-bind /tmp/scripts /tmp/scripts');
  });

  it('masks credentials that a bind makes visible, and only those', () => {
    const lines = mounts(sandboxFileArgs(input(), host));
    expect(lines).toContain('--ro-bind /dev/null /home/ada/.cargo/credentials.toml');
    // ~/.ssh and ~/.netrc are under the home tmpfs, not bound: nothing to mask.
    expect(lines.join('\n')).not.toContain('.ssh');
    expect(lines.join('\n')).not.toContain('.netrc');
  });

  it('masks credentials and the data dir after binding a workspace that is the home', () => {
    const lines = mounts(sandboxFileArgs(input({ workspaceDir: '/home/ada' }), host));
    const workspace = lines.indexOf('--bind /home/ada /home/ada');
    expect(lines.indexOf('--tmpfs /home/ada/.ssh')).toBeGreaterThan(workspace);
    expect(lines.indexOf('--ro-bind /dev/null /home/ada/.netrc')).toBeGreaterThan(workspace);
    expect(lines.indexOf('--tmpfs /home/ada/.agent-workbench')).toBeGreaterThan(workspace);
    expect(lines).toContain('--remount-ro /home/ada/.ssh');
    // One mask for the folder, none for the key inside it.
    expect(lines.join('\n')).not.toContain('id_ed25519');
  });

  it('masks a caller-denied file inside the workspace', () => {
    const denied = deniedPaths({
      homeDir: '/home/ada',
      dataDir: '/x',
      denyPaths: ['/home/ada/project/.env'],
    });
    expect(mounts(sandboxFileArgs(input({ denied }), host))).toContain(
      '--ro-bind /dev/null /home/ada/project/.env',
    );
  });

  it('binds exposed paths after the masks and makes masked folders read-only last', () => {
    const lines = mounts(
      sandboxFileArgs(
        input({ workspaceDir: '/home/ada', exposed: ['/home/ada/.agent-workbench/observations/c1'] }),
        host,
      ),
    );
    const mask = lines.indexOf('--tmpfs /home/ada/.agent-workbench');
    const exposed = lines.indexOf(
      '--ro-bind /home/ada/.agent-workbench/observations/c1 /home/ada/.agent-workbench/observations/c1',
    );
    const remount = lines.indexOf('--remount-ro /home/ada/.agent-workbench');
    expect(mask).toBeGreaterThan(-1);
    expect(exposed).toBeGreaterThan(mask);
    expect(remount).toBeGreaterThan(exposed);
  });

  it('does not bind a tool folder that lies inside a denied location', () => {
    const denied = deniedPaths({ homeDir: '/home/ada', dataDir: '/x', denyPaths: ['/home/ada/.pyenv'] });
    expect(mounts(sandboxFileArgs(input({ denied }), host)).join('\n')).not.toContain('.pyenv');
  });

  it('masks a denied path again inside an exposed folder, after the exposed bind', () => {
    const lines = mounts(sandboxFileArgs(input({ exposed: ['/home/ada'] }), host));
    const exposed = lines.lastIndexOf('--ro-bind /home/ada /home/ada');
    expect(exposed).toBeGreaterThan(-1);
    for (const mask of [
      '--tmpfs /home/ada/.ssh',
      '--tmpfs /home/ada/.agent-workbench',
      '--ro-bind /dev/null /home/ada/.netrc',
      '--ro-bind /dev/null /home/ada/.cargo/credentials.toml',
    ])
      expect(lines.lastIndexOf(mask)).toBeGreaterThan(exposed);
    expect(lines.lastIndexOf('--remount-ro /home/ada/.ssh')).toBeGreaterThan(exposed);
  });

  it("binds the workspace repository's hooks and config read-only after the workspace", () => {
    const lines = mounts(sandboxFileArgs(input(), host));
    const workspace = lines.indexOf('--bind /home/ada/project /home/ada/project');
    expect(lines.indexOf('--bind /home/ada/project/.git /home/ada/project/.git')).toBeGreaterThan(workspace);
    expect(
      lines.indexOf('--ro-bind /home/ada/project/.git/hooks /home/ada/project/.git/hooks'),
    ).toBeGreaterThan(workspace);
  });

  it('adds no git binds when the caller makes the whole workspace read-only', () => {
    const lines = mounts(sandboxFileArgs(input({ readOnlyWorkspace: true }), host));
    expect(lines.join('\n')).not.toContain('.git');
  });
});
