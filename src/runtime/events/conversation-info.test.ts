import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConversationInfoSchema } from './conversation-info';

/** A recorded info from before `tag_list`, when `tags` held our list (a golden fixture's). */
const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, '../conversation/fixtures/plain-reply.json'), 'utf8'),
).conversation;

describe('ConversationInfoSchema', () => {
  it("reads an info recorded before tag_list: its list of tags as upstream's object, no tag_list as empty", () => {
    const info = ConversationInfoSchema.parse({ ...recorded, tags: ['team:qa', 'automation', 'Bad Key:x'] });
    expect(info.tags).toEqual({ team: 'qa', automation: '' });
    expect(info.tag_list).toEqual([]);
  });

  it('refuses tags that are neither an object of strings nor a list of strings', () => {
    expect(ConversationInfoSchema.safeParse({ ...recorded, tags: [1] }).success).toBe(false);
    expect(ConversationInfoSchema.safeParse({ ...recorded, tags: { team: 1 } }).success).toBe(false);
  });
});
