import { runConfined } from '../sandbox/run-confined';
import type { WorkspaceConfinement } from '../sandbox/workspace-confinement';

const GIT_TIMEOUT_MS = 30_000;
const GIT_OUTPUT_BYTES = 16 * 1024 * 1024;

/**
 * Settings that take away every way a repository's own config can make git run a program during
 * the reads we do: the file-system monitor, hooks, pagers, external and per-driver diffs, transports
 * and credential helpers. Passed as GIT_CONFIG_COUNT/KEY/VALUE, which win over the repository's
 * config and need no quoting.
 */
export const SAFE_CONFIG: ReadonlyArray<readonly [string, string]> = [
  ['core.fsmonitor', 'false'],
  ['core.hooksPath', '/dev/null'],
  ['core.pager', 'cat'],
  ['core.askPass', ''],
  ['core.sshCommand', 'false'],
  ['core.untrackedCache', 'false'],
  ['diff.external', ''],
  ['credential.helper', ''],
  ['protocol.allow', 'never'],
  ['log.showSignature', 'false'],
];

export const SAFE_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_ATTR_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_NO_REPLACE_OBJECTS: '1',
  GIT_PAGER: 'cat',
};

export interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** Runs `git <args>` in `cwd`; never throws for a git failure (ok false), only for a missing sandbox. */
export type GitRunner = (args: readonly string[], cwd: string) => Promise<GitResult>;

/**
 * A git runner for one repository: every call in the workspace sandbox with `root` bound read-only
 * and no network, the safe settings above, and every clean/smudge filter the repository defines
 * (read once, without running anything) emptied, so `.gitattributes` cannot start one either.
 */
export async function gitRunner(confinement: WorkspaceConfinement, root: string): Promise<GitRunner> {
  const raw = (config: ReadonlyArray<readonly [string, string]>) => (args: readonly string[], cwd: string) =>
    runGit(confinement, root, config, args, cwd);
  const keys = await raw(SAFE_CONFIG)(['config', '-z', '--name-only', '--get-regexp', '^filter\\.'], root);
  const filterOverrides = keys.ok ? filterNeutralisers(keys.stdout) : [];
  return raw([...SAFE_CONFIG, ...filterOverrides]);
}

function filterNeutralisers(keys: string): Array<readonly [string, string]> {
  const overrides: Array<readonly [string, string]> = [];
  for (const key of keys.split('\0')) {
    const match = /^(filter\..+)\.(clean|smudge|process|required)$/s.exec(key.trim());
    if (!match) continue;
    overrides.push([key.trim(), match[2] === 'required' ? 'false' : '']);
  }
  return overrides;
}

async function runGit(
  confinement: WorkspaceConfinement,
  root: string,
  config: ReadonlyArray<readonly [string, string]>,
  args: readonly string[],
  cwd: string,
): Promise<GitResult> {
  const env: Record<string, string> = { ...SAFE_ENV, GIT_CONFIG_COUNT: String(config.length) };
  config.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  const result = await runConfined(confinement, {
    argv: ['git', '--no-pager', ...args],
    workspaceDir: root,
    cwd,
    readOnly: true,
    timeoutMs: GIT_TIMEOUT_MS,
    maxOutputBytes: GIT_OUTPUT_BYTES,
    env,
  });
  return { ok: result.exitCode === 0, stdout: result.stdout, stderr: result.stderr };
}
