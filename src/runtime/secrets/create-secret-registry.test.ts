import { describe, expect, it } from 'vitest';
import { createSecretRegistry } from './create-secret-registry';

describe('createSecretRegistry', () => {
  it('masks runtime-wide secrets everywhere and a conversation secret only in its conversation', () => {
    let key = 'first-key-0123456789';
    const registry = createSecretRegistry(() => [{ name: 'LLM_API_KEY', value: key }]);
    registry.setConversationSecrets('c1', { DB_PASSWORD: 'correct-horse-battery' });
    expect(registry.redact(`${key} correct-horse-battery`, 'c1')).toBe(
      '‹secret:LLM_API_KEY› ‹secret:DB_PASSWORD›',
    );
    expect(registry.redact('correct-horse-battery', 'c2')).toBe('correct-horse-battery');
    key = 'second-key-0123456789';
    expect(registry.redact('second-key-0123456789')).toBe('‹secret:LLM_API_KEY›');
  });

  it('redacts deeply, copies secrets to a fork and forgets them on delete', () => {
    const registry = createSecretRegistry(() => []);
    registry.setConversationSecrets('c1', { TOKEN: 'token-value-123' });
    expect(registry.redactDeep({ a: ['x token-value-123'], n: 1 }, 'c1')).toEqual({
      a: ['x ‹secret:TOKEN›'],
      n: 1,
    });
    registry.copyConversationSecrets('c1', 'fork');
    expect(registry.redact('token-value-123', 'fork')).toBe('‹secret:TOKEN›');
    registry.forgetConversation('c1');
    expect(registry.conversationSecrets('c1')).toEqual({});
  });

  it("masks the saved secrets in every conversation, read on each use, and hands them to commands under the conversation's own", () => {
    let saved: Record<string, string> = { GITHUB_TOKEN: 'saved-token-0123456789' };
    const registry = createSecretRegistry(
      () => [],
      () => saved,
    );
    registry.setConversationSecrets('c1', { OWN: 'own-value-0123', GITHUB_TOKEN: 'conversation-wins-01' });
    expect(registry.redact('saved-token-0123456789', 'c2')).toBe('‹secret:GITHUB_TOKEN›');
    expect(registry.commandSecrets('c1')).toEqual({
      GITHUB_TOKEN: 'conversation-wins-01',
      OWN: 'own-value-0123',
    });
    expect(registry.commandSecrets('c2')).toEqual({ GITHUB_TOKEN: 'saved-token-0123456789' });
    saved = {};
    expect(registry.redact('saved-token-0123456789', 'c2')).toBe('saved-token-0123456789');
    expect(registry.commandSecrets('c2')).toEqual({});
  });

  it('hands back an object it redacted as it is, and walks it again once the secrets changed', () => {
    let key = 'first-key-0123456789';
    const registry = createSecretRegistry(() => [{ name: 'LLM_API_KEY', value: key }]);
    const event = { text: 'says second-key-0123456789' };
    const clean = registry.redactDeep(event, 'c1');
    expect(clean).toBe(event);
    expect(registry.redactDeep(clean, 'c1')).toBe(event);
    // The key it printed becomes a secret: the object redacted before must not pass as clean.
    key = 'second-key-0123456789';
    expect(registry.redactDeep(clean, 'c1')).toEqual({ text: 'says ‹secret:LLM_API_KEY›' });
  });
});
