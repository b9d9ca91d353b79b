import { describe, expect, it } from 'vitest';
import type { AttentionItem } from './attention-items';
import { itemsToNotify } from './items-to-notify';

const all = { approval: true, finished: true, failed: true, stuck: true, paused: true };
const item = (key: string, kind: AttentionItem['kind'], marker = 1): AttentionItem => ({
  key,
  kind,
  title: key,
  at: '2026-12-03T10:00:00.000Z',
  href: '/',
  pendingActionIds: kind === 'approval' ? ['a'] : [],
  marker,
});

describe('itemsToNotify', () => {
  it('takes what is there at the first look as known: a reload repeats nothing', () => {
    const first = itemsToNotify([item('a', 'approval')], undefined, all);
    expect(first.notify).toEqual([]);
    expect(itemsToNotify([item('a', 'approval')], first.known, all).notify).toEqual([]);
  });

  it('notifies what is new, and a conversation that ends again', () => {
    const { known } = itemsToNotify([item('f', 'finished', 3)], undefined, all);
    const next = itemsToNotify([item('f', 'finished', 9), item('e', 'run_failed')], known, all);
    expect(next.notify.map((entry) => entry.key)).toEqual(['f', 'e']);
  });

  it('keeps quiet for a switched-off kind; a failed automation run follows "failed"', () => {
    const { known } = itemsToNotify([], undefined, all);
    const quiet = { ...all, failed: false, finished: false };
    const next = itemsToNotify(
      [item('e', 'run_failed'), item('f', 'finished'), item('w', 'approval')],
      known,
      quiet,
    );
    expect(next.notify.map((entry) => entry.key)).toEqual(['w']);
  });
});
