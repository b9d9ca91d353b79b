import { describe, expect, it } from 'vitest';
import type { BashCommand, BashOutput } from './bash-event';
import { createBashEventLog } from './bash-event-log';

const hex = (n: number) => n.toString(16).padStart(32, '0');
const command = (n: number, second: number): BashCommand => ({
  kind: 'BashCommand',
  id: hex(n),
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
  command: `echo ${n}`,
  cwd: '/w',
  timeout: 300,
});
const output = (n: number, commandId: string, order: number, text = 'x'): BashOutput => ({
  kind: 'BashOutput',
  id: hex(n),
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  command_id: commandId,
  order,
  exit_code: 0,
  stdout: text,
  stderr: null,
});

describe('createBashEventLog', () => {
  it('keeps at most maxEvents, dropping the oldest', () => {
    const log = createBashEventLog({ maxEvents: 2, maxCharacters: 1e9 });
    for (const n of [1, 2, 3]) log.append(command(n, n));
    expect(log.get(hex(1))).toBeUndefined();
    expect(log.search({ limit: 10 }).items.map((event) => event.id)).toEqual([hex(2), hex(3)]);
  });

  it('keeps at most maxCharacters of output, dropping the oldest', () => {
    const log = createBashEventLog({ maxEvents: 100, maxCharacters: 1000 });
    log.append(output(1, hex(9), 0, 'a'.repeat(600)));
    log.append(output(2, hex(9), 0, 'b'.repeat(600)));
    expect(log.search({ limit: 10 }).items.map((event) => event.id)).toEqual([hex(2)]);
  });

  it('filters by kind, command id (dashed or not), time window and order; pages and sorts', () => {
    const log = createBashEventLog();
    log.append(command(1, 1));
    log.append(output(2, hex(1), 0));
    log.append(output(3, hex(1), 1));
    const dashed = '00000000-0000-0000-0000-000000000001';
    expect(log.search({ commandId: dashed, limit: 10 }).items.map((event) => event.id)).toEqual([
      hex(2),
      hex(3),
    ]);
    expect(log.search({ kind: 'BashCommand', limit: 10 }).items).toHaveLength(1);
    expect(log.search({ orderGt: 0, limit: 10 }).items.map((event) => event.id)).toEqual([hex(1), hex(3)]);
    const window = {
      timestampGte: new Date(Date.UTC(2026, 0, 1, 0, 0, 2)),
      timestampLt: new Date(Date.UTC(2026, 0, 1, 0, 0, 3)),
    };
    expect(log.search({ ...window, limit: 10 }).items.map((event) => event.id)).toEqual([hex(2)]);
    const first = log.search({ limit: 2, descending: true });
    expect(first).toMatchObject({ items: [{ id: hex(3) }, { id: hex(2) }], next_page_id: hex(1) });
    expect(log.search({ limit: 2, descending: true, pageId: hex(1) }).items.map((event) => event.id)).toEqual(
      [hex(1)],
    );
  });

  it('tells subscribers of each append, and clear answers the count', () => {
    const log = createBashEventLog();
    const seen: string[] = [];
    const unsubscribe = log.subscribe((event) => seen.push(event.id));
    log.append(command(1, 1));
    unsubscribe();
    log.append(command(2, 2));
    expect(seen).toEqual([hex(1)]);
    expect(log.clear()).toBe(2);
    expect(log.search({ limit: 10 }).items).toEqual([]);
  });
});
