import { readdirSync, readFileSync, statSync } from 'node:fs';
import { cleanTerminalOutput } from './clean-terminal-output';
import { foregroundProcessGroup } from './foreground-process-group';

/**
 * Whether a quiet command is stopped at a prompt, waiting for the user: the last line it printed
 * looks like a question (or a full-screen program such as an editor or pager holds the screen), and
 * every process of the terminal's foreground process group sleeps, one of them blocked reading the
 * terminal. Both must hold, so a slow, quiet command (`sleep`, a compile) is never taken for a prompt.
 */

/** Characters of the output's end looked at: enough for the last line and a full-screen switch. */
export const PROMPT_PEEK_CHARACTERS = 16_384;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the alternate-screen switches are escape sequences
const ALTERNATE_SCREEN = /\x1b\[\?(?:1049|1047|47)([hl])/g;

const PROMPT_ENDINGS: RegExp[] = [
  /[?:]\s*$/, // Continue? | Name: | a pager's :
  /(?:^|\s)\S*[>$#%]\s+$/, // >>> , mysql> , irb(main):001:0> , sftp>
  /\.\.\.\s+$/, // a REPL's continuation
  /\[[^\]\n]{1,20}\]\s*[?:]?\s*$/, // [y/N], [Y/n], [default]
  /\((?:yes\/no[^)]*|y\/n|end)\)\s*[?:]?\s*$/i, // (yes/no/[fingerprint]), (END)
  /:\s*\([^)\n]*\)\s*$/, // npm init: "package name: (demo) "
];
const PROMPT_WORDS = /\b(?:password|passphrase|username|login|press (?:enter|return|any key))\b/i;

/**
 * The last line a command printed when it looks like a prompt (cleaned for the model, at most 200
 * characters; a full-screen program is named as such); undefined otherwise.
 */
export function promptLine(rawEnd: string): string | undefined {
  let alternate = false;
  for (const match of rawEnd.matchAll(ALTERNATE_SCREEN)) alternate = match[1] === 'h';
  if (alternate) return '(a full-screen program such as an editor or pager holds the terminal)';
  const text = cleanTerminalOutput(rawEnd);
  const line = text.slice(text.lastIndexOf('\n') + 1);
  if (line.trim() === '') return undefined;
  if (!PROMPT_ENDINGS.some((pattern) => pattern.test(line)) && !PROMPT_WORDS.test(line)) return undefined;
  return line.length <= 200 ? line : `…${line.slice(-199)}`;
}

/** Reads /proc; tests pass their own to describe processes. */
export interface ProcReader {
  readText(path: string): string | undefined;
  /** The device number of the file (a file descriptor's target), undefined when it cannot be read. */
  deviceOf(path: string): number | undefined;
  listPids(): number[];
}

/** Syscalls that read one file descriptor (its number is the first argument). */
const READ_SYSCALLS: Record<string, number[]> = { x64: [0, 17, 19], arm64: [63, 65, 67] };
/** Syscalls that wait on many descriptors (poll, select, epoll): taken as a wait on the terminal when stdin is it. */
const POLL_SYSCALLS: Record<string, number[]> = {
  x64: [7, 23, 232, 270, 271, 281, 441],
  arm64: [22, 72, 73, 441],
};
/** Kernel wait functions of a read on a tty, used when /proc/<pid>/syscall cannot be read. */
const TTY_READ_WCHANS = new Set(['n_tty_read', 'wait_woken']);

/**
 * True when the foreground process group of the terminal of `ptyPid` (the host process node-pty
 * started, holding the pty as stdin) is blocked reading that terminal: no process of the group runs
 * or waits on disk, and one sleeps in a read of the terminal (or in poll/select/epoll with the
 * terminal as its stdin). PIDs are the host's: /proc here is the runtime's, so the tpgid, the group
 * members and their descriptors are read in the host's PID namespace, even for a sandboxed shell.
 */
export function foregroundReadsTerminal(
  ptyPid: number,
  proc: ProcReader = hostProc,
  arch: string = process.arch,
): boolean {
  const group = foregroundProcessGroup(ptyPid, (pid) => proc.readText(`/proc/${pid}/stat`));
  const terminal = proc.deviceOf(`/proc/${ptyPid}/fd/0`);
  if (group === undefined || terminal === undefined) return false;
  const members: number[] = [];
  for (const pid of proc.listPids()) {
    const stat = proc.readText(`/proc/${pid}/stat`);
    if (stat === undefined) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number.parseInt(fields[2] ?? '', 10) !== group) continue;
    const state = fields[0];
    if (state === 'Z' || state === 'X') continue;
    if (state !== 'S') return false;
    members.push(pid);
  }
  return members.some((pid) => readsTerminal(pid, terminal, proc, arch));
}

function readsTerminal(pid: number, terminal: number, proc: ProcReader, arch: string): boolean {
  const syscall = proc.readText(`/proc/${pid}/syscall`)?.trim();
  if (syscall === undefined || syscall === '') {
    return TTY_READ_WCHANS.has(proc.readText(`/proc/${pid}/wchan`)?.trim() ?? '');
  }
  const [number, firstArgument] = syscall.split(' ');
  const call = Number.parseInt(number ?? '', 10);
  if (!Number.isInteger(call)) return false; // "running", or -1 (blocked outside a syscall)
  if (READ_SYSCALLS[arch]?.includes(call)) {
    const fd = Number.parseInt(firstArgument ?? '', 16);
    return Number.isInteger(fd) && proc.deviceOf(`/proc/${pid}/fd/${fd}`) === terminal;
  }
  if (POLL_SYSCALLS[arch]?.includes(call)) return proc.deviceOf(`/proc/${pid}/fd/0`) === terminal;
  return false;
}

const hostProc: ProcReader = {
  readText(path) {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  deviceOf(path) {
    try {
      const stats = statSync(path);
      return stats.isCharacterDevice() ? stats.rdev : undefined;
    } catch {
      return undefined;
    }
  },
  listPids() {
    try {
      return readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map(Number);
    } catch {
      return [];
    }
  },
};
