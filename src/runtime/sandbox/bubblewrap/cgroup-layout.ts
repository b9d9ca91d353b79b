import { join } from 'node:path';

/**
 * Where this process may make child cgroups for its terminals: cgroup v2 (one folder with both
 * controllers) or v1 (one folder per controller). Each folder is the runtime's own cgroup, so the
 * terminals stay inside whatever limits the runtime itself runs under.
 */
export type CgroupLayout =
  | { version: 2; base: string }
  | { version: 1; pidsBase: string; memoryBase: string };

/**
 * Reads the layout from the text of /proc/self/mounts and /proc/self/cgroup. Prefers v2 when its
 * folder delegates both pids and memory (`subtreeControl` reads that folder's cgroup.subtree_control);
 * else v1 when both controllers are mounted. Undefined when neither fits. Pure apart from the reader.
 */
export function cgroupLayout(
  mounts: string,
  selfCgroup: string,
  subtreeControl: (directory: string) => string | undefined,
): CgroupLayout | undefined {
  const mountPoints = parseMounts(mounts);
  const ownPaths = parseSelfCgroup(selfCgroup);
  const v2Mount = mountPoints.find((mount) => mount.type === 'cgroup2');
  const v2Path = ownPaths.get('');
  if (v2Mount !== undefined && v2Path !== undefined) {
    const base = folder(v2Mount.point, v2Path);
    const delegated = (subtreeControl(base) ?? '').split(/\s+/);
    if (delegated.includes('pids') && delegated.includes('memory')) return { version: 2, base };
  }
  const pidsMount = mountPoints.find((mount) => mount.type === 'cgroup' && mount.options.includes('pids'));
  const memoryMount = mountPoints.find(
    (mount) => mount.type === 'cgroup' && mount.options.includes('memory'),
  );
  const pidsPath = ownPaths.get('pids');
  const memoryPath = ownPaths.get('memory');
  if (pidsMount && memoryMount && pidsPath !== undefined && memoryPath !== undefined) {
    return {
      version: 1,
      pidsBase: folder(pidsMount.point, pidsPath),
      memoryBase: folder(memoryMount.point, memoryPath),
    };
  }
  return undefined;
}

/** join() keeps the slash of a root path ("/"): a folder name must not end in one. */
function folder(mountPoint: string, path: string): string {
  const joined = join(mountPoint, path);
  return joined.length > 1 && joined.endsWith('/') ? joined.slice(0, -1) : joined;
}

function parseMounts(mounts: string): { point: string; type: string; options: string[] }[] {
  return mounts
    .split('\n')
    .map((line) => line.split(' '))
    .filter((fields) => fields.length >= 4)
    .map((fields) => ({
      // /proc/self/mounts writes a space in a path as \040.
      point: (fields[1] ?? '').replace(/\\040/g, ' '),
      type: fields[2] ?? '',
      options: (fields[3] ?? '').split(','),
    }));
}

/** Controller name -> this process's cgroup path; '' is the v2 entry ("0::/path"). */
function parseSelfCgroup(selfCgroup: string): Map<string, string> {
  const paths = new Map<string, string>();
  for (const line of selfCgroup.split('\n')) {
    const match = /^\d+:([^:]*):(.*)$/.exec(line);
    if (match === null) continue;
    for (const controller of (match[1] ?? '').split(',')) paths.set(controller, match[2] ?? '/');
  }
  return paths;
}
