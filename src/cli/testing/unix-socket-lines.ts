import { readFileSync } from 'node:fs';

/** Lines of /proc/net/unix bound to `path`: its listening socket and each connection accepted on it. */
export function unixSocketLines(path: string): number {
  return readFileSync('/proc/net/unix', 'utf8')
    .split('\n')
    .filter((line) => line.endsWith(` ${path}`)).length;
}
