import { realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { expandHome } from '../sandbox/sandbox-settings';
import { deniedPaths } from '../sandbox/denied-paths';
import { realHostView } from '../sandbox/host-view';
import { systemSecrets } from '../sandbox/system-secrets';

/**
 * Kernel views of running processes: `/proc/self/environ` holds the session key and API keys, and
 * `/proc/self/fd/N` reaches every file the runtime holds open (the database). Never served.
 */
const KERNEL_VIEWS = ['/proc', '/sys'];

export interface ForbiddenPathsInput {
  /** The runtime's data dir: session key, settings.json with API keys, the database, logs. */
  dataDir: string;
  /** The real home directory (credential folders under it are hidden from the sandbox too). */
  homeDir: string | undefined;
  /** settings' `sandbox.deny_paths`, already expanded (`~/x` → `<home>/x`). */
  denyPaths: readonly string[];
}

/** The places the workspace file API never reads, writes or lists, each spelt as given and as resolved. */
export interface ForbiddenPaths {
  /** True when `realPath` (links already resolved) is one of them or lies inside one. */
  covers(realPath: string): boolean;
}

/**
 * The sandbox's list (data dir, credential folders, deny_paths: see deniedPaths), the system secrets
 * it masks (/etc/shadow, sudoers, SSH host keys: see systemSecrets) and the kernel's process views. These paths come from the runtime and the person, not the agent, so links in them
 * are trusted and resolved here, once per request: a data dir reached through a link is still found.
 */
export async function forbiddenPaths(input: ForbiddenPathsInput): Promise<ForbiddenPaths> {
  const given = [...deniedPaths(input), ...systemSecrets(realHostView), ...KERNEL_VIEWS].map((path) =>
    resolve(path),
  );
  const resolved = await Promise.all(given.map((path) => realpath(path).catch(() => path)));
  const all = [...new Set([...given, ...resolved])];
  return { covers: (realPath) => all.some((forbidden) => isInsideOrSame(realPath, forbidden)) };
}

/** The runtime's forbidden paths: its data dir, the credential folders of the real home, and `deny_paths` (`~/` expanded). */
export function runtimeForbiddenPaths(
  dataDir: string,
  denyPaths: readonly string[],
): Promise<ForbiddenPaths> {
  const home = homedir();
  return forbiddenPaths({
    dataDir,
    homeDir: home,
    denyPaths: denyPaths.map((path) => expandHome(path, home)),
  });
}

function isInsideOrSame(path: string, folder: string): boolean {
  const fromFolder = relative(folder, path);
  if (fromFolder === '') return true;
  return !isAbsolute(fromFolder) && fromFolder !== '..' && !fromFolder.startsWith(`..${sep}`);
}
