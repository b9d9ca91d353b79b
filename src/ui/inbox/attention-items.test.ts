import { describe, expect, it } from 'vitest';
import type { Automation } from '../../client/automation-types';
import type { ConversationInfo } from '../api/wire-types';
import { conversationInfo } from '../conversation-store/testing/event-builders';
import type { SeenState } from '../stores/inbox-seen-store';
import { attentionItems } from './attention-items';

const at = (minute: number) => new Date(Date.UTC(2026, 11, 3, 10, minute)).toISOString();
const since = at(0);
const none: SeenState = { since, seen: {} };

function conversation(id: string, minute: number, patch: Partial<ConversationInfo> = {}): ConversationInfo {
  return conversationInfo({
    id,
    title: `Conversation ${id}`,
    updated_at: at(minute),
    last_seq: 10,
    execution_status: 'finished',
    ...patch,
  });
}

const waiting = (id: string, minute: number) =>
  conversation(id, minute, {
    execution_status: 'waiting_for_confirmation',
    pending_action_ids: ['a1', 'a2'],
  });

function automation(runStatus: 'failed' | 'started', minute: number): Automation {
  return {
    id: 'auto-1',
    name: 'Nightly tests',
    last_run: {
      id: `run-${minute}`,
      automation_id: 'auto-1',
      trigger: 'schedule',
      status: runStatus,
      conversation_id: null,
      reason: 'The workspace folder is gone',
      created_at: at(minute),
      scheduled_for: null,
      refused_calls: 0,
    },
  } as Automation;
}

describe('attentionItems', () => {
  it('lists approvals first, then runs that ended, newest first', () => {
    const items = attentionItems(
      {
        waiting: [waiting('w', 1)],
        recent: [
          conversation('f', 5),
          conversation('e', 4, { execution_status: 'error' }),
          conversation('s', 3, { execution_status: 'stuck' }),
          conversation('p', 2, { execution_status: 'paused' }),
          conversation('r', 6, { execution_status: 'running' }),
          conversation('i', 6, { execution_status: 'idle' }),
        ],
        automations: [automation('failed', 7)],
      },
      none,
    );
    expect(items.map((item) => [item.kind, item.title])).toEqual([
      ['approval', 'Conversation w'],
      ['run_failed', 'Nightly tests'],
      ['finished', 'Conversation f'],
      ['failed', 'Conversation e'],
      ['stuck', 'Conversation s'],
      ['paused', 'Conversation p'],
    ]);
    expect(items[0]?.pendingActionIds).toEqual(['a1', 'a2']);
    expect(items[1]?.detail).toBe('The workspace folder is gone');
  });

  it('an approval listed by both queries is one item, and stays even when seen', () => {
    const items = attentionItems(
      { waiting: [waiting('w', 1)], recent: [waiting('w', 1)], automations: [] },
      { since, seen: { 'conversation:w': 99 } },
    );
    expect(items).toHaveLength(1);
  });

  it('a run seen at its last event is gone until the conversation moves on and ends again', () => {
    const seen: SeenState = { since, seen: { 'conversation:f': 10 } };
    expect(attentionItems({ waiting: [], recent: [conversation('f', 5)], automations: [] }, seen)).toEqual(
      [],
    );
    const later = conversation('f', 9, { last_seq: 14 });
    expect(attentionItems({ waiting: [], recent: [later], automations: [] }, seen)).toHaveLength(1);
  });

  it('leaves out what ended before this browser kept track, the conversation on screen, and runs that started', () => {
    const items = attentionItems(
      {
        waiting: [],
        recent: [conversation('old', 0), conversation('open', 5)],
        automations: [automation('started', 6)],
        openConversationId: 'open',
      },
      none,
    );
    expect(items).toEqual([]);
  });
});
