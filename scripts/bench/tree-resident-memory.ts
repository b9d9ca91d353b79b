import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

const PAGE_BYTES = 4096;
const PRESENT = 1n << 63n;
const FRAME_MASK = (1n << 55n) - 1n;

/**
 * The memory a tree of processes holds, each physical page once: the page frames of every resident
 * page of every process, read from /proc/<pid>/pagemap, counted without repeats. Summed RSS counts the
 * node binary's code once per process; summed PSS lends part of it to any other node process on the
 * machine, so it falls as the machine gets busier. Frame numbers need root (CAP_SYS_ADMIN): without
 * it the kernel reports them as 0 and this throws rather than give a wrong figure.
 */
export function treeResidentMiB(pids: readonly number[]): number {
  const frames = new Set<bigint>();
  for (const pid of pids) {
    const pagemap = openSync(`/proc/${pid}/pagemap`, 'r');
    try {
      for (const [start, end] of residentRanges(pid)) addFrames(pagemap, start, end, frames);
    } finally {
      closeSync(pagemap);
    }
  }
  if (frames.has(0n) && frames.size === 1) throw new Error('page frame numbers need root to read');
  return (frames.size * PAGE_BYTES) / 1024 / 1024;
}

/** Address ranges of the mappings that have any resident page (from smaps: a header line, then fields). */
function residentRanges(pid: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let current: [number, number] | undefined;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (header) current = [Number.parseInt(header[1] ?? '0', 16), Number.parseInt(header[2] ?? '0', 16)];
    else if (current && /^Rss:\s+[1-9]/.test(line)) ranges.push(current);
  }
  return ranges;
}

function addFrames(pagemap: number, start: number, end: number, frames: Set<bigint>): void {
  const pages = (end - start) / PAGE_BYTES;
  const buffer = Buffer.alloc(pages * 8);
  const read = readSync(pagemap, buffer, 0, buffer.length, (start / PAGE_BYTES) * 8);
  for (let offset = 0; offset + 8 <= read; offset += 8) {
    const entry = buffer.readBigUInt64LE(offset);
    if (entry & PRESENT) frames.add(entry & FRAME_MASK);
  }
}
