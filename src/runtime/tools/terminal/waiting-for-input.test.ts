import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentText, type TerminalObservation } from '../../events';
import { createTerminalSession } from './terminal-session';
import { createTerminalTool, type TerminalTool } from './terminal-tool';
import { foregroundReadsTerminal, type ProcReader, promptLine } from './waiting-for-input';
import { requireExecutable } from '../../sandbox/testing/require-executable';

describe('prompt line', () => {
  it.each([
    ['Continue? [y/N] ', 'Continue? [y/N] '],
    ['Name? ', 'Name? '],
    ['[sudo] password for agent: ', '[sudo] password for agent: '],
    ['Are you sure you want to continue connecting (yes/no/[fingerprint])? ', undefined],
    ['package name: (demo) ', 'package name: (demo) '],
    ['>>> ', '>>> '],
    ['... ', '... '],
    ['(END)', '(END)'],
    ['line one\r\nEnter passphrase for key: ', 'Enter passphrase for key: '],
    ['\x1b[1mOverwrite?\x1b[0m [Y/n] ', 'Overwrite? [Y/n] '],
  ])('takes %j as a prompt', (raw, expected) => {
    expect(promptLine(raw)).toBe(expected ?? raw);
  });

  it.each([
    'Compiling 312 files\r\n',
    'done.\r\n',
    'Downloading [=====>      ] 40%',
    '',
    'step 3 of 9 running',
  ])('does not take %j as a prompt', (raw) => {
    expect(promptLine(raw)).toBeUndefined();
  });

  it('takes a program on the alternate screen (editor, pager) as a prompt, and not after it left it', () => {
    expect(promptLine('\x1b[?1049h\x1b[H~\r\n~\r\n"COMMIT_EDITMSG" 0L')).toContain('full-screen');
    expect(promptLine('\x1b[?1049hhello\x1b[?1049l\r\nsaved\r\n')).toBeUndefined();
  });
});

/** A /proc with the given processes: pid → stat fields after the name, syscall, fd → device. */
function fakeProc(
  processes: Record<number, { stat: string; syscall?: string; wchan?: string; fds?: Record<number, number> }>,
): ProcReader {
  return {
    listPids: () => Object.keys(processes).map(Number),
    readText(path) {
      const [, , pid, file] = path.split('/');
      const entry = processes[Number(pid)];
      if (entry === undefined) return undefined;
      if (file === 'stat') return `${pid} (x) ${entry.stat}`;
      if (file === 'syscall') return entry.syscall;
      if (file === 'wchan') return entry.wchan;
      return undefined;
    },
    deviceOf(path) {
      const [, , pid, , fd] = path.split('/');
      return processes[Number(pid)]?.fds?.[Number(fd)];
    },
  };
}

const TTY = 34816;
// pid 10: the process on the pty (bwrap), tpgid 20. Fields: state ppid pgrp session tty_nr tpgid.
const PTY_HOLDER = { stat: 'S 1 10 10 34816 20', fds: { 0: TTY } };

describe('foreground reads terminal', () => {
  it('is true when the foreground group sleeps in a read of the terminal', () => {
    const proc = fakeProc({
      10: PTY_HOLDER,
      20: { stat: 'S 10 20 10 34816 20', syscall: '0 0x0 0x55 0x1 0x0', fds: { 0: TTY } },
    });
    expect(foregroundReadsTerminal(10, proc, 'x64')).toBe(true);
  });

  it('is true for poll or select with the terminal as stdin (readline, a REPL)', () => {
    const proc = fakeProc({
      10: PTY_HOLDER,
      20: { stat: 'S 10 20 10 34816 20', syscall: '270 0x1 0x7ff 0x0', fds: { 0: TTY } },
    });
    expect(foregroundReadsTerminal(10, proc, 'x64')).toBe(true);
  });

  it('is false for a read of another file, a sleep, a running or disk-waiting member', () => {
    const otherFile = fakeProc({
      10: PTY_HOLDER,
      20: { stat: 'S 10 20 10 34816 20', syscall: '0 0x3 0x55 0x1', fds: { 0: TTY, 3: 999 } },
    });
    expect(foregroundReadsTerminal(10, otherFile, 'x64')).toBe(false);
    const sleeping = fakeProc({
      10: PTY_HOLDER,
      20: { stat: 'S 10 20 10 34816 20', syscall: '230 0x0 0x0', fds: { 0: TTY } },
    });
    expect(foregroundReadsTerminal(10, sleeping, 'x64')).toBe(false);
    for (const state of ['R', 'D']) {
      const busy = fakeProc({
        10: PTY_HOLDER,
        20: { stat: 'S 10 20 10 34816 20', syscall: '0 0x0 0x55', fds: { 0: TTY } },
        21: { stat: `${state} 20 20 10 34816 20`, syscall: 'running' },
      });
      expect(foregroundReadsTerminal(10, busy, 'x64')).toBe(false);
    }
  });

  it('falls back to the wait channel when the syscall cannot be read, and is false without /proc', () => {
    const proc = fakeProc({ 10: PTY_HOLDER, 20: { stat: 'S 10 20 10 34816 20', wchan: 'n_tty_read' } });
    expect(foregroundReadsTerminal(10, proc, 'x64')).toBe(true);
    expect(foregroundReadsTerminal(10, fakeProc({}), 'x64')).toBe(false);
  });
});

let root: string;
let workspaceDir: string;
const openTools: TerminalTool[] = [];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'awb-waiting-input-'));
  workspaceDir = join(root, 'workspace');
  await mkdir(workspaceDir);
});

afterEach(async () => {
  await Promise.all(openTools.splice(0).map((tool) => tool.close()));
  await rm(root, { recursive: true, force: true });
});

async function run(
  tool: TerminalTool,
  args: Record<string, unknown>,
): Promise<TerminalObservation & { text: string; seconds: number }> {
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.error);
  const started = Date.now();
  const observation = (await tool.execute(parsed.action, {
    conversationId: 'c1',
    workspaceDir,
    observationsDir: join(root, 'observations'),
    signal: new AbortController().signal,
  })) as TerminalObservation;
  return { ...observation, text: contentText(observation.content), seconds: (Date.now() - started) / 1000 };
}

const modes = [false, true];

describe.each(modes)('a command waiting at a prompt (sandbox: %s, real pty)', (sandbox) => {
  function terminal(): TerminalTool {
    // The production no-output limit, so an early answer can only come from the prompt detection.
    const tool = createTerminalTool(createTerminalSession({ workspaceDir, sandbox }), 30_000);
    openTools.push(tool);
    return tool;
  }

  it('is reported within a few seconds, keeps running, and takes the answer as input', async () => {
    const tool = terminal();
    const waiting = await run(tool, { command: 'read -p "Continue? [y/N] " a; echo got-$a' });
    expect(waiting.text).toContain('Waiting for input');
    expect(waiting.text).toContain('Continue? [y/N]');
    expect(waiting.text).toContain('is_input: true');
    expect(waiting.exit_code).toBeNull();
    expect(waiting.is_error).toBe(false);
    const answered = await run(tool, { command: 'y', is_input: true });
    expect(answered.text).toContain('got-y');
    expect(answered.exit_code).toBe(0);
  }, 20_000);

  it('does not take a quiet sleep after a prompt-like line for a prompt', async () => {
    const tool = terminal();
    const observation = await run(tool, { command: 'printf "Continue? "; sleep 5; echo slept' });
    expect(observation.seconds).toBeGreaterThan(4.5);
    expect(observation.text).not.toContain('Waiting for input');
    expect(observation.text).toContain('slept');
    expect(observation.exit_code).toBe(0);
  }, 20_000);

  it('does not take the shell back at its own prompt for a command waiting, when its output is read late', async () => {
    const tool = terminal();
    // The runtime's event loop is held from 2.3 s to 3.3 s, in the phase after its reads: the command
    // ends at 2.5 s and bash reads the terminal at its prompt, but "built" and the prompt marker are
    // still unread when the check due at about 3 s runs first. One positive check used to answer
    // "Waiting for input" at "Compiling: ".
    const hold = setTimeout(() => {
      setImmediate(() => {
        const until = Date.now() + 1_000;
        while (Date.now() < until) {
          // held on purpose
        }
      });
    }, 2_300);
    try {
      const observation = await run(tool, { command: 'printf "Compiling: "; sleep 2.5; echo built' });
      expect(observation.text).not.toContain('Waiting for input');
      expect(observation.text).toContain('built');
      expect(observation.exit_code).toBe(0);
    } finally {
      clearTimeout(hold);
    }
  }, 20_000);

  it('does not take a long quiet computation (a compile printing nothing) for a prompt', async () => {
    const tool = terminal();
    const observation = await run(tool, {
      command: 'printf "Compiling: "; timeout 5 sh -c "while :; do :; done"; echo built',
    });
    expect(observation.seconds).toBeGreaterThan(4.5);
    expect(observation.text).not.toContain('Waiting for input');
    expect(observation.text).toContain('built');
  }, 20_000);

  it('reports a Python REPL waiting at >>> and answers each line', async () => {
    requireExecutable('python3', 'python3');
    const tool = terminal();
    const waiting = await run(tool, { command: 'python3 -q' });
    expect(waiting.text).toContain('Waiting for input');
    expect(waiting.text).toContain('>>>');
    const answered = await run(tool, { command: 'print(6 * 7)', is_input: true });
    expect(answered.text).toContain('42');
    const exited = await run(tool, { command: 'exit()', is_input: true });
    expect(exited.exit_code).toBe(0);
  }, 30_000);
});
