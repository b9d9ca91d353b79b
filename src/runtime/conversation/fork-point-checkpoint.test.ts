import { describe, expect, it } from 'vitest';
import type { Event } from '../events';
import { checkpointAtForkPoint, hasCheckpoints } from './fork-point-checkpoint';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);
const id = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function message(n: number, parent?: number): Event {
  return {
    kind: 'MessageEvent',
    id: id(n),
    seq: n,
    timestamp: '2025-01-01T00:00:00.000Z',
    source: 'user',
    ...(parent === undefined ? {} : { parent_id: id(parent) }),
    llm_message: { role: 'user', content: [] },
    extended_content: [],
  };
}

function action(n: number, parent: number, checkpoint?: string): Event {
  return {
    kind: 'ActionEvent',
    id: id(n),
    seq: n,
    timestamp: '2025-01-01T00:00:00.000Z',
    source: 'agent',
    parent_id: id(parent),
    thought: [],
    action: { kind: 'TerminalAction', command: 'x', is_input: false, reset: false },
    tool_name: 'terminal',
    tool_call_id: `t${n}`,
    tool_call: { id: `t${n}`, name: 'terminal', arguments: '{}' },
    llm_response_id: `r${n}`,
    security_risk: 'LOW',
    ...(checkpoint ? { checkpoint_id: checkpoint } : {}),
  };
}

function restored(n: number, parent: number, target: string, backup: string): Event {
  return {
    kind: 'FilesRestoredEvent',
    id: id(n),
    seq: n,
    timestamp: '2025-01-01T00:00:00.000Z',
    source: 'user',
    parent_id: id(parent),
    checkpoint_id: target,
    backup_checkpoint_id: backup,
    files: [],
  };
}

describe('checkpointAtForkPoint', () => {
  // 0 message → 1 action(A) → 2 message → 3 action(B); and a branch 0 → 4 action(C)
  const log = [message(0), action(1, 0, A), message(2, 1), action(3, 2, B), action(4, 0, C)];

  it('is the fork point’s own action checkpoint, else the first one after it on its descent', async () => {
    expect(checkpointAtForkPoint(log, id(1))).toBe(A);
    expect(checkpointAtForkPoint(log, id(2))).toBe(B);
    expect(checkpointAtForkPoint(log, id(0))).toBe(A);
    expect(checkpointAtForkPoint(log, null)).toBe(A);
  });

  it('is undefined when nothing was recorded since (the workspace now is that state)', async () => {
    expect(checkpointAtForkPoint(log, id(3 + 10))).toBeUndefined();
    expect(checkpointAtForkPoint([message(0), action(1, 0)], id(0))).toBeUndefined();
  });

  it('reads a restore as the state before it when it follows, and after it when it is the fork point', async () => {
    const withRestore = [message(0), restored(1, 0, A, B)];
    expect(checkpointAtForkPoint(withRestore, id(0))).toBe(B);
    expect(checkpointAtForkPoint(withRestore, id(1))).toBe(A);
    expect(hasCheckpoints(withRestore)).toBe(true);
    expect(hasCheckpoints([message(0), action(1, 0)])).toBe(false);
  });
});
