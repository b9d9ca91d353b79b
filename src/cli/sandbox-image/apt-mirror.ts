import { readFileSync } from 'node:fs';

/**
 * The Debian mirror this machine's apt uses, so a debootstrap fetches from where the person's packages
 * come from (and no address is written into the workbench). Reads deb822 `.sources` files and the
 * one-line `sources.list` format; the first plain Debian archive (not -security, not a snapshot) wins.
 * Undefined when there is none (not a Debian-like machine).
 */
export function aptMirror(
  files: readonly string[],
  read: (path: string) => string = readText,
): string | undefined {
  for (const file of files) {
    const text = read(file);
    for (const uri of sourceUris(text)) {
      const trimmed = uri.replace(/\/+$/, '');
      if (/^https?:\/\//.test(trimmed) && /\/debian$/.test(trimmed)) return trimmed;
    }
  }
  return undefined;
}

/** apt's usual source files, deb822 first (Debian 12's default). */
export const APT_SOURCE_FILES = ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list'];

function sourceUris(text: string): string[] {
  const uris: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#')) continue;
    const deb822 = /^URIs:\s*(.+)$/i.exec(line);
    if (deb822?.[1] !== undefined) {
      uris.push(...deb822[1].split(/\s+/));
      continue;
    }
    // deb [options] uri suite components
    const oneLine = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s/.exec(line);
    if (oneLine?.[1] !== undefined) uris.push(oneLine[1]);
  }
  return uris;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
