import { readdirSync, readFileSync } from 'node:fs';

/** Direct children of a process, read from /proc (Linux). Zombies are not counted. */
export function childPids(parentPid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited while we were looking
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(ppid) === parentPid && state !== 'Z') children.push(Number(entry));
  }
  return children;
}

/** The process's argv joined by spaces, '' when it is gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** Every process on the host whose command line matches, sandboxed ones included (they share /proc). */
export function hostProcessesMatching(pattern: RegExp): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => pattern.test(commandLine(pid)));
}

const RUNTIME_COMMAND = /dist\/runtime\/main\.mjs|src\/server\/process\/main\.ts/;

/** The launcher's runtime child: it runs either the build's bundle or the sources (src/cli/runtime-entry.ts). */
export function runtimePidOf(launcherPid: number): number | undefined {
  return childPids(launcherPid).find((pid) => RUNTIME_COMMAND.test(commandLine(pid)));
}

/** Every runtime child of the launcher (several with --runtimes N). */
export function runtimePidsOf(launcherPid: number): number[] {
  return childPids(launcherPid).filter((pid) => RUNTIME_COMMAND.test(commandLine(pid)));
}

/** The launcher's automation service child (bundle or sources, like the runtime). */
export function automationPidOf(launcherPid: number): number | undefined {
  return childPids(launcherPid).find((pid) =>
    /dist\/automation\/main\.mjs|src\/automation\/main\.ts/.test(commandLine(pid)),
  );
}
