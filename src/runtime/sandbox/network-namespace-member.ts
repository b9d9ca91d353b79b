import { readFileSync, readlinkSync } from 'node:fs';

/** Descendants looked at before giving up: bwrap, its PID namespace's init, the shell. */
const MAX_PROCESSES_WALKED = 64;

/**
 * The host pid of a process under `rootPid` (itself included) whose network namespace is not this
 * process's: inside a bubblewrap sandbox that is bwrap's first child. Its `/proc/<pid>/net/*` and
 * `/proc/<pid>/ns/net` are the sandbox's. Undefined when no such process is found (the sandbox ended,
 * or it shares our network). Never throws.
 */
export function networkNamespaceMember(rootPid: number): number | undefined {
  const own = namespaceOf('self');
  if (own === undefined) return undefined;
  const queue = [rootPid];
  for (let walked = 0; walked < MAX_PROCESSES_WALKED && queue.length > 0; walked++) {
    const pid = queue.shift() as number;
    const namespace = namespaceOf(String(pid));
    if (namespace !== undefined && namespace !== own) return pid;
    queue.push(...childrenOf(pid));
  }
  return undefined;
}

/** The user namespace of `pid` differs from ours: joining its network needs joining it too. */
export function hasOwnUserNamespace(pid: number): boolean {
  const own = readLink('/proc/self/ns/user');
  const theirs = readLink(`/proc/${pid}/ns/user`);
  return own !== undefined && theirs !== undefined && own !== theirs;
}

function namespaceOf(pid: string): string | undefined {
  return readLink(`/proc/${pid}/ns/net`);
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter((part) => part.trim() !== '')
      .map(Number);
  } catch {
    // gone since it was listed: it has no children to look at
    return [];
  }
}

function readLink(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    // no such process (it ended) or no permission: treated as no namespace to join
    return undefined;
  }
}
