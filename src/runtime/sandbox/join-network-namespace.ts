import { hasOwnUserNamespace } from './network-namespace-member';

/**
 * `file args` run inside the network namespace of host process `memberPid` (with nsenter), so what it
 * starts shares that sandbox's loopback: its servers, its ports, its proxy bridge, and nothing else of
 * the network. When the sandbox has a user namespace of its own (bwrap run by an ordinary user), that
 * is joined too, keeping our uid and gid; a program exec'd there by a non-root uid holds no capability.
 */
export function joinNetworkNamespace(
  memberPid: number,
  file: string,
  args: readonly string[],
): { file: string; args: string[] } {
  const user = hasOwnUserNamespace(memberPid) ? ['--user', '--preserve-credentials'] : [];
  return { file: 'nsenter', args: ['--target', String(memberPid), ...user, '--net', '--', file, ...args] };
}
