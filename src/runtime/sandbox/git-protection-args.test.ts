import { describe, expect, it } from 'vitest';
import { fakeHostView } from './fake-host-view';
import { gitProtectionArgs } from './git-protection-args';

const W = '/home/ada/project';

/** The args as `flag path…` strings, for readable assertions. */
function mounts(args: string[]): string[] {
  const lines: string[] = [];
  for (let index = 0; index < args.length; ) {
    const flag = args[index] ?? '';
    const count = flag === '--tmpfs' || flag === '--remount-ro' ? 1 : 2;
    lines.push([flag, ...args.slice(index + 1, index + 1 + count)].join(' '));
    index += 1 + count;
  }
  return lines;
}

const repository = (gitDir: string) => ({
  [gitDir]: 'directory',
  [`${gitDir}/HEAD`]: 'file',
  [`${gitDir}/config`]: 'file',
  [`${gitDir}/hooks`]: 'directory',
  [`${gitDir}/info`]: 'directory',
  [`${gitDir}/objects`]: 'directory',
});

describe('gitProtectionArgs', () => {
  it('pins the workspace repository and binds its config, hooks and info read-only', () => {
    const host = fakeHostView({ [W]: 'directory', ...repository(`${W}/.git`), [`${W}/src`]: 'directory' });
    expect(mounts(gitProtectionArgs(W, host))).toEqual([
      `--bind ${W}/.git ${W}/.git`,
      `--ro-bind ${W}/.git/config ${W}/.git/config`,
      `--ro-bind ${W}/.git/hooks ${W}/.git/hooks`,
      `--ro-bind ${W}/.git/info ${W}/.git/info`,
    ]);
  });

  it('binds an existing config.worktree and commondir too', () => {
    const host = fakeHostView({
      [W]: 'directory',
      ...repository(`${W}/.git`),
      [`${W}/.git/config.worktree`]: 'file',
      [`${W}/.git/commondir`]: 'file',
    });
    const lines = mounts(gitProtectionArgs(W, host));
    expect(lines).toContain(`--ro-bind ${W}/.git/config.worktree ${W}/.git/config.worktree`);
    expect(lines).toContain(`--ro-bind ${W}/.git/commondir ${W}/.git/commondir`);
  });

  it('makes missing hooks and info folders empty and read-only, so none can be planted', () => {
    const host = fakeHostView({ [W]: 'directory', [`${W}/.git`]: 'directory', [`${W}/.git/config`]: 'file' });
    const lines = mounts(gitProtectionArgs(W, host));
    expect(lines).toContain(`--tmpfs ${W}/.git/hooks`);
    expect(lines).toContain(`--tmpfs ${W}/.git/info`);
    expect(lines.slice(-2)).toEqual([`--remount-ro ${W}/.git/hooks`, `--remount-ro ${W}/.git/info`]);
  });

  it('binds a .git file (a pointer to the git directory) read-only', () => {
    const host = fakeHostView({ [W]: 'directory', [`${W}/.git`]: 'file' });
    expect(mounts(gitProtectionArgs(W, host))).toEqual([`--ro-bind ${W}/.git ${W}/.git`]);
  });

  it('protects submodules: their git directories under .git/modules and their .git files', () => {
    const host = fakeHostView({
      [W]: 'directory',
      ...repository(`${W}/.git`),
      [`${W}/.git/modules`]: 'directory',
      [`${W}/.git/modules/vendor`]: 'directory',
      ...repository(`${W}/.git/modules/vendor/lib`),
      [`${W}/vendor`]: 'directory',
      [`${W}/vendor/lib`]: 'directory',
      [`${W}/vendor/lib/.git`]: 'file',
    });
    const lines = mounts(gitProtectionArgs(W, host));
    expect(lines).toContain(`--bind ${W}/.git/modules/vendor/lib ${W}/.git/modules/vendor/lib`);
    expect(lines).toContain(
      `--ro-bind ${W}/.git/modules/vendor/lib/config ${W}/.git/modules/vendor/lib/config`,
    );
    expect(lines).toContain(
      `--ro-bind ${W}/.git/modules/vendor/lib/hooks ${W}/.git/modules/vendor/lib/hooks`,
    );
    expect(lines).toContain(`--ro-bind ${W}/vendor/lib/.git ${W}/vendor/lib/.git`);
  });

  it("pins linked worktrees' folders and binds their commondir and config.worktree read-only", () => {
    const host = fakeHostView({
      [W]: 'directory',
      ...repository(`${W}/.git`),
      [`${W}/.git/worktrees`]: 'directory',
      [`${W}/.git/worktrees/feature`]: 'directory',
      [`${W}/.git/worktrees/feature/commondir`]: 'file',
      [`${W}/.git/worktrees/feature/config.worktree`]: 'file',
    });
    const lines = mounts(gitProtectionArgs(W, host));
    expect(lines).toContain(`--bind ${W}/.git/worktrees/feature ${W}/.git/worktrees/feature`);
    expect(lines).toContain(
      `--ro-bind ${W}/.git/worktrees/feature/commondir ${W}/.git/worktrees/feature/commondir`,
    );
    expect(lines).toContain(
      `--ro-bind ${W}/.git/worktrees/feature/config.worktree ${W}/.git/worktrees/feature/config.worktree`,
    );
  });

  it('finds repositories in sub-folders of a workspace of projects, skipping node_modules', () => {
    const host = fakeHostView({
      [W]: 'directory',
      [`${W}/apps`]: 'directory',
      [`${W}/apps/web`]: 'directory',
      ...repository(`${W}/apps/web/.git`),
      [`${W}/node_modules`]: 'directory',
      [`${W}/node_modules/pkg`]: 'directory',
      ...repository(`${W}/node_modules/pkg/.git`),
    });
    const text = mounts(gitProtectionArgs(W, host)).join('\n');
    expect(text).toContain(`--ro-bind ${W}/apps/web/.git/hooks ${W}/apps/web/.git/hooks`);
    expect(text).not.toContain('node_modules');
  });

  it('binds the whole git directory read-only when a control entry is a symbolic link it could swap', () => {
    const host = fakeHostView({
      [W]: 'directory',
      ...repository(`${W}/.git`),
      [`${W}/.git/hooks`]: '-> ../.githooks',
    });
    expect(mounts(gitProtectionArgs(W, host))).toEqual([`--ro-bind ${W}/.git ${W}/.git`]);
  });

  it('adds nothing for a workspace without a repository', () => {
    const host = fakeHostView({ [W]: 'directory', [`${W}/src`]: 'directory' });
    expect(gitProtectionArgs(W, host)).toEqual([]);
  });
});
