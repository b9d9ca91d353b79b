import { gitProtectionArgs } from '../git-protection-args';
import { type HostView, realHostView } from '../host-view';
import type { ContainerMount } from './container-spec';

export interface GitProtectionMounts {
  mounts: ContainerMount[];
  emptyReadOnly: string[];
}

/**
 * The bubblewrap git protection (git-protection-args.ts) as container mounts: each repository's git
 * directory bound onto itself, its config, hooks, info and commondir read-only, a missing hooks or
 * info folder an empty read-only tmpfs. The daemon mounts a parent before what lies inside it, so
 * the read-only binds land on top of the writable workspace, as bwrap's order does.
 */
export function gitProtectionMounts(
  workspaceDir: string,
  host: HostView = realHostView,
): GitProtectionMounts {
  const args = gitProtectionArgs(workspaceDir, host);
  const mounts: ContainerMount[] = [];
  const tmpfs: string[] = [];
  const readOnly = new Set<string>();
  for (let index = 0; index < args.length; index++) {
    const flag = args[index];
    if (flag === '--bind' || flag === '--ro-bind') {
      const source = args[index + 1] ?? '';
      const target = args[index + 2] ?? '';
      mounts.push({ host: source, target, readOnly: flag === '--ro-bind' });
      index += 2;
    } else if (flag === '--tmpfs') {
      tmpfs.push(args[index + 1] ?? '');
      index += 1;
    } else if (flag === '--remount-ro') {
      readOnly.add(args[index + 1] ?? '');
      index += 1;
    }
  }
  return {
    mounts: mounts.map((mount) => (readOnly.has(mount.target) ? { ...mount, readOnly: true } : mount)),
    emptyReadOnly: tmpfs,
  };
}
