import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentText, type TerminalObservation } from '../../events';
import type { ToolContext } from '../tool';
import { createTerminalSession, type TerminalSessionOptions } from './terminal-session';
import { createTerminalTool, type TerminalTool } from './terminal-tool';
import { ENGINE_START_MS, requireEngine } from '../../sandbox/docker/testing/require-engine';
import { testDockerBackend } from '../../sandbox/docker/testing/test-docker-backend';

let root: string;
let workspaceDir: string;
let observationsDir: string;
const openTools: TerminalTool[] = [];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'awb-terminal-test-'));
  workspaceDir = join(root, 'workspace');
  observationsDir = join(root, 'observations', 'conversation');
  await import('node:fs/promises').then((fs) => fs.mkdir(workspaceDir));
});

afterEach(async () => {
  await Promise.all(openTools.splice(0).map((tool) => tool.close()));
  await rm(root, { recursive: true, force: true });
});

/** Which sandbox the suite's terminals run in: the core cases run on both. */
let backendKind: 'bubblewrap' | 'docker' | 'podman' = 'bubblewrap';
let docker: Docker | undefined;

function terminal(options: Partial<TerminalSessionOptions> = {}, noOutputTimeoutMs = 400): TerminalTool {
  const backend =
    backendKind !== 'bubblewrap' && docker !== undefined
      ? testDockerBackend(docker, {
          workspaceDir,
          dataDir: join(root, 'data'),
          exposedPaths: [observationsDir],
          ...(options.limits === undefined ? {} : { limits: options.limits }),
        })
      : undefined;
  const tool = createTerminalTool(
    createTerminalSession({ workspaceDir, ...options, ...(backend === undefined ? {} : { backend }) }),
    noOutputTimeoutMs,
  );
  openTools.push(tool);
  return tool;
}

function context(signal = new AbortController().signal): ToolContext {
  return { conversationId: 'c1', workspaceDir, observationsDir, signal };
}

async function run(
  tool: TerminalTool,
  args: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<TerminalObservation & { text: string }> {
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.error);
  const observation = (await tool.execute(parsed.action, context(signal))) as TerminalObservation;
  return { ...observation, text: contentText(observation.content) };
}

describe.each(['bubblewrap', 'docker', 'podman'] as const)('terminal tool (%s)', (kind) => {
  beforeAll(async () => {
    backendKind = kind;
    if (kind !== 'bubblewrap') docker = await requireEngine(kind);
  }, ENGINE_START_MS);

  it('keeps the working directory between calls', async () => {
    const tool = terminal();
    await run(tool, { command: 'mkdir -p deep/er && cd deep/er' });
    const observation = await run(tool, { command: 'pwd' });
    expect(observation.text).toContain(join(workspaceDir, 'deep/er'));
    expect(observation.cwd).toBe(join(workspaceDir, 'deep/er'));
  });

  it("states the terminal's limits once, beside the first output and never in what the model reads", async () => {
    const tool = terminal({ limits: { maxProcesses: 64, maxMemoryMb: 256 } });
    const first = await run(tool, { command: 'echo first' });
    expect(first.limits).toMatch(/^64 processes, 256 MiB of memory \(enforced by .+\)$/);
    expect(first.text).toBe(`first\n[Exit code 0. Current directory: ${workspaceDir}.]`);
    const second = await run(tool, { command: 'echo second' });
    expect(second.limits).toBeUndefined();
    expect(second.text).not.toContain('Limits');
  });

  it('keeps environment variables between calls', async () => {
    const tool = terminal();
    await run(tool, { command: 'export GREETING=persisted' });
    expect((await run(tool, { command: 'echo "value=$GREETING"' })).text).toContain('value=persisted');
  });

  it('reports the exit code of the command', async () => {
    const tool = terminal();
    expect((await run(tool, { command: 'true' })).exit_code).toBe(0);
    expect((await run(tool, { command: 'bash -c "exit 7"' })).exit_code).toBe(7);
    const missing = await run(tool, { command: 'no-such-command-here' });
    expect(missing.exit_code).toBe(127);
    expect(missing.text).toContain('not found');
  });

  it('runs a multi-line command with a heredoc as one unit with one exit code', async () => {
    const tool = terminal();
    const observation = await run(tool, {
      command: "cat <<'EOF' > note.txt\nfirst\nsecond\nEOF\nwc -l < note.txt\nfalse",
    });
    expect(observation.text).toContain('2');
    expect(observation.exit_code).toBe(1);
  });

  it('runs a command with a line longer than the tty line limit', async () => {
    const tool = terminal();
    const observation = await run(tool, { command: `echo ${'x'.repeat(10_000)} | wc -c` });
    expect(observation.text).toContain('10001');
  });

  it('is not fooled by output that looks like a marker of another shell', async () => {
    const tool = terminal();
    const observation = await run(tool, {
      command: "printf '\\033]777;awb-0000;0;/fake\\007'; echo after; false",
    });
    expect(observation.text).toContain('after');
    expect(observation.exit_code).toBe(1);
    expect(observation.cwd).toBe(workspaceDir);
  });

  it('strips ANSI escape sequences from what the model reads', async () => {
    const tool = terminal();
    const observation = await run(tool, { command: "printf '\\033[1;31mred\\033[0m plain\\n'" });
    expect(observation.text).toContain('red plain');
    expect(observation.text).not.toContain('\x1b');
  });

  it('stops a command at the hard timeout and keeps the session usable', async () => {
    const tool = terminal();
    const observation = await run(tool, { command: 'sleep 100', timeout: 0.5 });
    expect(observation.timed_out).toBe(true);
    expect(observation.exit_code).toBeNull();
    expect(observation.text).toContain('timeout');
    const after = await run(tool, { command: 'echo still-alive' });
    expect(after.text).toContain('still-alive');
    expect(after.exit_code).toBe(0);
  });

  it('returns partial output when a command goes quiet, then waits for more on an empty command', async () => {
    const tool = terminal({}, 300);
    const first = await run(tool, { command: 'echo started; sleep 1; echo finished' });
    expect(first.text).toContain('started');
    expect(first.text).not.toContain('finished');
    expect(first.exit_code).toBeNull();
    expect(first.text).toContain('empty command');
    expect(first.text).toContain('C-c');
    let later = await run(tool, { command: '' });
    for (let attempt = 0; attempt < 20 && later.exit_code === null; attempt++) {
      later = await run(tool, { command: '' });
    }
    expect(later.text).toContain('finished');
    expect(later.exit_code).toBe(0);
  });

  it('refuses a new command while another still runs', async () => {
    const tool = terminal({}, 200);
    await run(tool, { command: 'sleep 30' });
    const refused = await run(tool, { command: 'echo nope' });
    expect(refused.is_error).toBe(true);
    expect(refused.text).toContain('still running');
    await run(tool, { command: 'C-c', is_input: true });
  });

  it('stops a running sleep with C-c sent as input', async () => {
    const tool = terminal({}, 300);
    const running = await run(tool, { command: 'sleep 100' });
    expect(running.exit_code).toBeNull();
    const stopped = await run(tool, { command: 'C-c', is_input: true });
    expect(stopped.exit_code).toBe(130);
    expect((await run(tool, { command: 'echo next' })).text).toContain('next');
  });

  it('sends typed input to a program that reads it', async () => {
    const tool = terminal({}, 500);
    const waiting = await run(tool, { command: 'read -r answer; echo "got:$answer"' });
    expect(waiting.exit_code).toBeNull();
    const answered = await run(tool, { command: 'yes please', is_input: true });
    expect(answered.text).toContain('got:yes please');
    expect(answered.exit_code).toBe(0);
  });

  it('returns at once when aborted mid-command, and the next command works', async () => {
    const tool = terminal({}, 30_000);
    // The shell runs first: a container takes longer to start than the 200 ms this waits.
    await run(tool, { command: 'true' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    // sleep 100: an answer before the test's own timeout can only come from the abort.
    const observation = await run(tool, { command: 'echo before; sleep 100' }, controller.signal);
    expect(observation.exit_code).toBeNull();
    expect(observation.text).toContain('before');
    expect(observation.text).toContain('Interrupted');
    const next = await run(tool, { command: 'echo recovered' });
    expect(next.text).toContain('recovered');
    expect(next.text).not.toContain('before');
  });

  it('a stop that comes while the shell is still starting is not lost: the command never runs', async () => {
    const tool = terminal({}, 30_000);
    const controller = new AbortController();
    // Not yet aborted when the call begins; aborted while it waits for the shell to start.
    const pending = run(tool, { command: 'echo started; sleep 100' }, controller.signal);
    setTimeout(() => controller.abort(), 10);
    const observation = await pending;
    expect(observation.exit_code).toBeNull();
    expect(observation.text).not.toContain('started');
    const next = await run(tool, { command: 'echo recovered' });
    expect(next.text).toContain('recovered');
  });

  /**
   * Runs `command`, a flood that never ends, and aborts it after 300 ms of output: an answer at all
   * proves execute() returned on the abort (how fast is a figure of `npm run bench`: terminal).
   */
  async function abortDuringFlood(tool: TerminalTool, command: string) {
    // The shell runs first, so the 300 ms are the command's own (a container starts slower than bwrap).
    await run(tool, { command: 'true' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    return { observation: await run(tool, { command }, controller.signal) };
  }

  it('returns at once when aborted during an output flood, with the output cut to start and end', async () => {
    const tool = terminal({}, 30_000);
    const { observation } = await abortDuringFlood(tool, 'yes hello');
    expect(observation.exit_code).toBeNull();
    expect(observation.text).toContain('hello\nhello');
    expect(observation.text).toContain('Interrupted');
    expect(observation.text).toMatch(/characters cut from the middle: the command was interrupted/);
    expect(observation.text.length).toBeLessThan(30_000);
    const next = await run(tool, { command: 'echo ok' });
    expect(next.text).toContain('ok');
    expect(next.text).not.toContain('hello');
    expect(next.exit_code).toBe(0);
  });

  it('kills the process group of a flood that ignores C-c, and says so on the next call', async () => {
    const tool = terminal({}, 30_000);
    const { observation } = await abortDuringFlood(tool, 'bash -c \'trap "" INT; yes\'');
    expect(observation.exit_code).toBeNull();
    expect(observation.text).toContain('had not stopped yet');
    const next = await run(tool, { command: 'echo ok' });
    expect(next.text).toContain('process group was killed');
    expect(next.text).toMatch(/^ok$/m);
    expect(next.exit_code).toBe(0);
  });

  it('restarts the shell when the shell itself loops on output and ignores C-c, and says so', async () => {
    const tool = terminal({}, 30_000);
    const { observation } = await abortDuringFlood(tool, "trap '' INT; while :; do echo flood; done");
    expect(observation.exit_code).toBeNull();
    const next = await run(tool, { command: 'echo ok' });
    expect(next.text).toContain('shell was restarted');
    expect(next.text).toMatch(/^ok$/m);
    expect(next.cwd).toBe(workspaceDir);
  });

  it('resets to a fresh shell in the workspace', async () => {
    const tool = terminal();
    await run(tool, { command: 'export KEPT=yes; mkdir sub; cd sub' });
    const reset = await run(tool, { command: '', reset: true });
    expect(reset.text).toContain('reset');
    const after = await run(tool, { command: 'echo "kept=[$KEPT]"; pwd' });
    expect(after.text).toContain('kept=[]');
    expect(after.cwd).toBe(workspaceDir);
  });

  it('starts a new shell after the shell exits, and says so', async () => {
    const tool = terminal();
    const exited = await run(tool, { command: 'exit 3' });
    expect(exited.text).toContain('shell exited');
    const next = await run(tool, { command: 'echo back' });
    expect(next.text).toContain('new shell');
    expect(next.text).toContain('back');
  });

  it('cuts 1 MB of output to head and tail and saves the full text', async () => {
    const tool = terminal();
    const observation = await run(tool, {
      command: 'seq 1 200000 | awk \'{ printf "line %07d\\n", $1 }\'',
    });
    expect(observation.exit_code).toBe(0);
    expect(observation.text.length).toBeLessThan(31_000);
    expect(observation.text).toContain('line 0000001');
    expect(observation.text).toContain('line 0200000');
    expect(observation.text).toMatch(/characters \(\d+ lines\) cut/);
    const path = observation.full_output_path;
    expect(path).toBeDefined();
    if (path === undefined) return;
    expect(path.startsWith(observationsDir)).toBe(true);
    expect(observation.text).toContain(path);
    const full = await readFile(path, 'utf8');
    expect(full.length).toBe(200_000 * 13 - 1);
    expect(full).toContain('line 0100000');
  });

  it('does not hand the runtime secrets to the shell', async () => {
    const tool = terminal({
      env: {
        ...process.env,
        LLM_API_KEY: 'sk-secret',
        AGENT_WORKBENCH_SESSION_KEY: 'k',
        AGENT_WORKBENCH_AUTOMATION_KEY: 'a',
        // Its password opens the conversations' and automations' database.
        AGENT_WORKBENCH_DATABASE_URL: 'postgres://team:db-pass@db.internal/workbench',
      },
    });
    const observation = await run(tool, {
      command:
        'echo "[$LLM_API_KEY][$AGENT_WORKBENCH_SESSION_KEY][$AGENT_WORKBENCH_AUTOMATION_KEY][$AGENT_WORKBENCH_DATABASE_URL]"',
    });
    expect(observation.text).toContain('[][][][]');
  });

  it('sandbox: writes inside the workspace work, writes outside fail', async () => {
    const tool = terminal({ sandbox: true });
    const inside = await run(tool, { command: 'echo data > inside.txt && cat inside.txt' });
    expect(inside.exit_code).toBe(0);
    expect(existsSync(join(workspaceDir, 'inside.txt'))).toBe(true);
    const outsidePath = join(root, 'outside.txt');
    await run(tool, { command: `echo data > ${outsidePath}` });
    expect(existsSync(outsidePath)).toBe(false);
    const system = await run(tool, { command: 'touch /usr/awb-sandbox-probe' });
    expect(system.exit_code).not.toBe(0);
    expect(system.text).toMatch(/Read-only file system|Permission denied/);
  });
});

describe('terminal tool on bubblewrap alone', () => {
  beforeAll(() => {
    backendKind = 'bubblewrap';
  });

  it('refuses every command when bwrap is missing, and says how to install it', async () => {
    const tool = terminal({ locateBwrap: () => undefined });
    for (const command of ['echo one > leaked.txt', 'echo two']) {
      const refused = await run(tool, { command });
      expect(refused.is_error).toBe(true);
      expect(refused.exit_code).toBeNull();
      expect(refused.text).toContain('commands are disabled');
      expect(refused.text).toContain('apt-get install bubblewrap');
      expect(refused.text).toContain('dnf install bubblewrap');
      expect(refused.text).toContain('pacman -S bubblewrap');
    }
    expect(existsSync(join(workspaceDir, 'leaked.txt'))).toBe(false);
  });

  it('runs unsandboxed when AGENT_WORKBENCH_SANDBOX=0 turns it off, and says so on the first call', async () => {
    const tool = terminal({
      env: { ...process.env, AGENT_WORKBENCH_SANDBOX: '0' },
      locateBwrap: () => undefined,
    });
    const first = await run(tool, { command: 'echo one' });
    expect(first.text).toContain('sandbox is turned off');
    expect(first.text).toContain('one');
    expect((await run(tool, { command: 'echo two' })).text).not.toContain('sandbox');
  });
});
