import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system) a live process has spent so far, in ms, from /proc (10 ms ticks). Unlike a
 * wall-clock figure it hardly moves when other work shares the machine.
 */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
