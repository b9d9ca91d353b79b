import { describe, expect, it } from 'vitest';
import type { ConversationInfo, Event } from '../events';
import { exportConversation } from './export-conversation';

const info: ConversationInfo = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Fix the parser',
  created_at: '2026-11-29T10:00:00.000Z',
  updated_at: '2026-11-29T10:05:00.000Z',
  execution_status: 'finished',
  confirmation_policy: { kind: 'NeverConfirm' },
  security_analyzer: { kind: 'PatternSecurityAnalyzer' },
  workspace: { working_dir: '/work/project' },
  llm: { provider: 'openai', model: 'gpt' },
  leaf_event_id: '00000000-0000-4000-8000-000000000010',
  last_seq: 2,
  pending_action_ids: [],
  forked_from_conversation_id: null,
  forked_from_event_id: null,
  max_iterations: 500,
  stuck_detection: true,
  network_access: false,
  approval_rules: [],
  stats: { prompt_tokens: 0, completion_tokens: 0, cost: 0 },
  tags: {},
  tag_list: [],
  pinned: false,
};

const message: Event = {
  kind: 'MessageEvent',
  id: '00000000-0000-4000-8000-000000000010',
  seq: 2,
  timestamp: '2026-11-29T10:00:00.000Z',
  source: 'user',
  llm_message: { role: 'user', content: [{ type: 'text', text: 'fix it' }] },
  extended_content: [],
};

describe('exportConversation', () => {
  it('names the rows it could not read, in JSON and in Markdown', () => {
    const unreadable = [{ conversationId: info.id, seq: 1, error: 'unknown event kind "FutureEvent"' }];
    const json = JSON.parse(exportConversation(info, [message], 'json', [], unreadable).content);
    expect(json.skipped_events).toEqual([{ seq: 1, error: 'unknown event kind "FutureEvent"' }]);
    const markdown = exportConversation(info, [message], 'md', [], unreadable).content;
    expect(markdown).toContain('1 event could not be read');
    expect(markdown).toContain('seq 1: unknown event kind "FutureEvent"');
  });

  it('says nothing about skipped rows when every row was read', () => {
    const json = JSON.parse(exportConversation(info, [message], 'json', []).content);
    expect(json.skipped_events).toEqual([]);
    expect(exportConversation(info, [message], 'md', []).content).not.toContain('could not be read');
  });

  it('redacts base64 spellings and keys of unknown shape in both formats', () => {
    const key = 'local-proxy-key-7c1e9b2a';
    const leaky: Event = {
      ...message,
      llm_message: {
        role: 'user',
        content: [{ type: 'text', text: `key ${key}, encoded ${Buffer.from(key).toString('base64')}` }],
      },
    };
    for (const format of ['json', 'md'] as const) {
      const { content } = exportConversation(info, [leaky], format, [key]);
      expect(content).not.toContain(key);
      expect(content).not.toContain(Buffer.from(key).toString('base64').slice(0, 16));
      expect(content).toContain('‹secret:secret›');
    }
  });
});
