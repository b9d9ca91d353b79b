import { join, relative } from 'node:path';
import { gitProtectionArgs } from '../git-protection-args';
import type { HostView } from '../host-view';
import { systemSecrets } from '../system-secrets';
import { isInside, toolchainRoots } from '../toolchain-roots';

/** Read-only system trees commands need; each is bound when the host has it. */
const SYSTEM_DIRECTORIES = ['/usr', '/etc', '/opt'];
/** Usually symlinks into /usr (merged /usr); recreated as the same symlinks, or bound when real folders. */
const SYSTEM_LINKS = ['/bin', '/sbin', '/lib', '/lib64', '/lib32', '/libx32'];

export interface SandboxFilesInput {
  workspaceDir: string;
  /** Long commands written as scripts by the runtime: read-only. */
  scriptsDir: string;
  /** The real home: an empty writable tmpfs takes its place. Undefined: no home. */
  homeDir: string | undefined;
  /** PATH entries and the node binary's folder: bound read-only when outside the system trees. */
  commandDirectories: readonly string[];
  /** Paths to hide (data dir, credentials, the caller's list): see deniedPaths. */
  denied: readonly string[];
  /**
   * Bound read-only after the masks, so they stay visible even inside a denied folder (the proxy
   * socket); a denied path inside one of them is masked again after it.
   */
  exposed: readonly string[];
  /**
   * The caller remounts the whole workspace read-only (git reads): its repositories need no binds of
   * their own, and a git directory bound onto itself would stay writable under that remount.
   */
  readOnlyWorkspace?: boolean;
}

interface Bind {
  source: string;
  destination: string;
}

/**
 * bwrap arguments for the sandbox's file system, in mount order: system trees, kernel file systems
 * and private tmpfs, the empty home, tool managers, the workspace with its repositories' git hooks and
 * config read-only, then masks over every denied path that a bind made visible, then the exposed
 * paths, then masks over every denied path an exposed path made visible again. bwrap applies them in
 * this order, so a later mount covers an earlier one.
 */
export function sandboxFileArgs(input: SandboxFilesInput, host: HostView): string[] {
  const args: string[] = [];
  const binds: Bind[] = [];
  const bind = (flag: '--ro-bind' | '--bind', path: string, destination = path) => {
    const source = host.realPath(path);
    args.push(flag, source, destination);
    binds.push({ source, destination });
  };

  const covered: string[] = [];
  for (const directory of SYSTEM_DIRECTORIES) {
    if (host.kind(directory).kind !== 'directory') continue;
    bind('--ro-bind', directory);
    covered.push(directory);
  }
  for (const link of SYSTEM_LINKS) {
    const found = host.kind(link);
    if (found.kind === 'symlink') {
      args.push('--symlink', found.target, link);
      covered.push(host.realPath(link));
    } else if (found.kind === 'directory') {
      bind('--ro-bind', link);
      covered.push(link);
    }
  }
  args.push(
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    '--tmpfs',
    '/dev/shm',
    '--tmpfs',
    '/var/tmp',
  );

  const home = input.homeDir;
  if (home !== undefined && home !== '/' && !covered.some((outer) => isInside(home, outer))) {
    args.push('--tmpfs', home);
  }
  const deniedReal = input.denied.map((path) => host.realPath(path));
  for (const root of toolchainRoots(input.commandDirectories, home, covered)) {
    if (host.kind(host.realPath(root)).kind !== 'directory') continue;
    if (deniedReal.some((denied) => isInside(host.realPath(root), denied))) continue;
    bind('--ro-bind', root);
  }
  // After the /tmp tmpfs and the home tmpfs, so a workspace inside either stays visible.
  bind('--bind', input.workspaceDir);
  // Hooks and config the person's own git runs stay read-only (see gitProtectionArgs).
  if (input.readOnlyWorkspace !== true) args.push(...gitProtectionArgs(input.workspaceDir, host));
  bind('--ro-bind', input.scriptsDir);

  const hidden = [...systemSecrets(host), ...input.denied];
  const masks = maskArgs(hidden, binds, host);
  args.push(...masks.mounts);
  const exposedFrom = binds.length;
  for (const path of input.exposed) {
    if (host.kind(host.realPath(path)).kind !== 'missing') bind('--ro-bind', path);
  }
  // Masks win over the exposed paths too: a hidden path inside an exposed folder is masked again.
  // (An exposed path inside a hidden folder, like the proxy socket in the data dir, stays: that is
  // the one hole it is meant to be.)
  const exposedMasks = maskArgs(hidden, binds.slice(exposedFrom), host);
  args.push(...exposedMasks.mounts);
  // Last: an exposed path inside a masked folder needs its mount point made while the tmpfs is writable.
  args.push(...masks.remounts, ...exposedMasks.remounts);
  return args;
}

/**
 * A mask for each denied path that exists and lies inside a bind: an empty read-only tmpfs over a
 * folder (made read-only by `remounts`, which go last), /dev/null over a file. A path inside an
 * already masked folder needs none.
 */
function maskArgs(
  denied: readonly string[],
  binds: readonly Bind[],
  host: HostView,
): { mounts: string[]; remounts: string[] } {
  const masks: { destination: string; directory: boolean }[] = [];
  for (const path of denied) {
    const real = host.realPath(path);
    const found = host.kind(real);
    if (found.kind === 'missing' || found.kind === 'symlink') continue;
    for (const { source, destination } of binds) {
      if (!isInside(real, source)) continue;
      masks.push({
        destination: join(destination, relative(source, real)),
        directory: found.kind === 'directory',
      });
    }
  }
  masks.sort((first, second) => first.destination.length - second.destination.length);
  const mounts: string[] = [];
  const remounts: string[] = [];
  const done: string[] = [];
  for (const mask of masks) {
    if (done.some((outer) => isInside(mask.destination, outer))) continue;
    done.push(mask.destination);
    if (mask.directory) {
      mounts.push('--tmpfs', mask.destination);
      remounts.push('--remount-ro', mask.destination);
    } else {
      mounts.push('--ro-bind', '/dev/null', mask.destination);
    }
  }
  return { mounts, remounts };
}
