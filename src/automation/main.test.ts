import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Starts the service's entry as the launcher would, and resolves with how it ended. */
function startService(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import=tsx', MAIN],
      { env: { PATH: process.env.PATH, ...env }, timeout: 60_000 },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    );
  });
}

describe('the automation service process', () => {
  it('a PostgreSQL database it cannot reach is one line naming it, exit 1, and never the password', async () => {
    const { code, stderr } = await startService({
      AGENT_WORKBENCH_SESSION_KEY: 'key',
      AGENT_WORKBENCH_AUTOMATION_PORT: '0',
      AGENT_WORKBENCH_DATABASE_URL: 'postgres://team:pw-never-shown@127.0.0.1:1/workbench',
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^agent-workbench automations: Cannot open the PostgreSQL database: .*ECONNREFUSED.*\n$/,
    );
    expect(stderr).not.toContain('pw-never-shown');
  });
});
