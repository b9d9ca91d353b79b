import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_SETTINGS } from '../sandbox/sandbox-settings';
import { createBashCommands, MAX_COMMAND_OUTPUT_CHARACTERS } from './bash-commands';
import { createBashEventLog } from './bash-event-log';
import { workspaceConfinement } from '../sandbox/workspace-confinement';
import { requireExecutable } from '../sandbox/testing/require-executable';

const SECRET = 'sekrit-value-123456';
let root: string;
let workspace: string;
let dataDir: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'awb-bash-commands-'));
  workspace = join(root, 'workspace');
  dataDir = join(root, 'data');
  mkdirSync(workspace);
  mkdirSync(dataDir);
});
afterAll(async () => rmSync(root, { recursive: true, force: true }));

function commands(maxRunning?: number) {
  const log = createBashEventLog();
  const runner = createBashCommands({
    log,
    confinement: () =>
      workspaceConfinement({
        dataDir,
        sandboxSettings: DEFAULT_SANDBOX_SETTINGS,
        env: { PATH: process.env.PATH },
      }),
    defaultCwd: workspace,
    redact: (text) => text.replaceAll(SECRET, '‹secret:S›'),
    ...(maxRunning === undefined ? {} : { maxRunning }),
  });
  return { log, runner };
}

describe('createBashCommands', () => {
  beforeAll(() => {
    requireExecutable('bwrap', 'bubblewrap');
  });
  it('stores the command and its output, both redacted, output after command', async () => {
    const { log, runner } = commands();
    const { command, finished } = runner.start({ command: `echo ${SECRET}` });
    const output = await finished;
    expect(command).toMatchObject({
      kind: 'BashCommand',
      command: 'echo ‹secret:S›',
      cwd: workspace,
      timeout: 300,
    });
    expect(output).toMatchObject({
      command_id: command.id,
      order: 0,
      exit_code: 0,
      stdout: '‹secret:S›\n',
      stderr: null,
    });
    expect(log.search({ limit: 10 }).items).toEqual([command, output]);
  });

  it('cuts each stream at the cap, says so, and still masks a secret that straddles it', async () => {
    const { runner } = commands();
    const padding = MAX_COMMAND_OUTPUT_CHARACTERS - 5;
    const output = await runner.start({
      command: `head -c ${padding} /dev/zero | tr '\\0' a; echo -n ${SECRET}; head -c 200000 /dev/zero | tr '\\0' b`,
    }).finished;
    expect(output.stdout).not.toContain(SECRET);
    expect(output.stdout).not.toContain(SECRET.slice(0, 5));
    expect(output.stdout?.endsWith(`[output cut at ${MAX_COMMAND_OUTPUT_CHARACTERS} characters]`)).toBe(true);
    expect(output.stdout?.length).toBeLessThan(MAX_COMMAND_OUTPUT_CHARACTERS + 100);
  });

  it('refuses past the number of running commands, and close kills them with -1', async () => {
    const { runner } = commands(1);
    const first = runner.start({ command: 'sleep 60' });
    expect(() => runner.start({ command: 'true' })).toThrow(
      expect.objectContaining({ code: 'too_many_commands' }),
    );
    await runner.close();
    expect((await first.finished).exit_code).toBe(-1);
  });
});
