import { join } from 'node:path';
import type { HostView } from './host-view';

/** Secrets inside /etc: masked in the sandbox when they exist, and never served by the file API. */
const ETC_SECRETS = [
  '/etc/shadow',
  '/etc/shadow-',
  '/etc/gshadow',
  '/etc/gshadow-',
  '/etc/sudoers',
  '/etc/sudoers.d',
  '/etc/security/opasswd',
];

/** The system's secrets: the list above and the SSH host private keys under /etc/ssh. */
export function systemSecrets(host: HostView): string[] {
  const hostKeys = host
    .list('/etc/ssh')
    .filter((name) => /^ssh_host_.*_key$/.test(name))
    .map((name) => join('/etc/ssh', name));
  return [...ETC_SECRETS, ...hostKeys];
}
