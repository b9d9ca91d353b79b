import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The person's git on the host: no system or global config, so only the repository's own counts.
 * `safe.directory=*`: the test runs as root, standing in for the person, and a repository of theirs
 * that belongs to another uid (the docker audit's, uid 1000) is still theirs: git reads its config
 * and runs its hooks, which is what the attacks aim at, rather than refusing it as dubious.
 */
export function hostGit(cwd: string, args: readonly string[]): string {
  const person = ['-c', 'user.name=Person', '-c', 'user.email=person@example.com', '-c', 'safe.directory=*'];
  return execFileSync('git', [...person, ...args], {
    cwd,
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** True when git is on PATH; a test that needs it fails with the install hint otherwise. */
export function hasGit(): boolean {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Everything in a git directory that decides what git runs, as text to compare before and after. */
export function gitControlSnapshot(gitDir: string): string {
  const list = (name: string) =>
    existsSync(join(gitDir, name)) ? readdirSync(join(gitDir, name)).sort() : [];
  return JSON.stringify({
    config: readFileSync(join(gitDir, 'config'), 'utf8'),
    hooks: list('hooks'),
    info: list('info'),
    commondir: existsSync(join(gitDir, 'commondir')),
  });
}

/** The ActionEvents of a run's events, with their risk and the reasons a person is shown. */
export function actionRisks(events: ReadonlyArray<Record<string, unknown>>) {
  return events
    .filter((event) => event.kind === 'ActionEvent')
    .map((event) => ({
      tool: String(event.tool_name),
      risk: String(event.security_risk),
      reasons: (event.risk_reasons as string[] | undefined) ?? [],
    }));
}
