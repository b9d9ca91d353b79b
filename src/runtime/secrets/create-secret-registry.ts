import { createRedactor, type NamedSecret, type Redactor } from './create-redactor';
import { redactDeep } from './redact-deep';

/**
 * The secrets one runtime knows: runtime-wide values (LLM keys, the session key: read from `global`
 * on every use, so a key changed in the settings applies at once), the person's saved secrets (read
 * from `saved` on every use, so one saved or deleted applies at once) and values registered per
 * conversation (memory only: never stored, never returned by the API). Redaction with it is pure
 * over strings and never throws.
 */
export interface SecretRegistry {
  /** The compiled redactor for the runtime-wide secrets plus the conversation's. Cached while they are unchanged. */
  redactor(conversationId?: string): Redactor;
  redact(text: string, conversationId?: string): string;
  /** A copy of a JSON-like value with every string redacted (the same object when nothing changed). */
  redactDeep<T>(value: T, conversationId?: string): T;
  /** Adds or replaces a conversation's named secrets. */
  setConversationSecrets(conversationId: string, secrets: Readonly<Record<string, string>>): void;
  /** Name to value; the caller must not keep or show the values. */
  conversationSecrets(conversationId: string): Readonly<Record<string, string>>;
  /**
   * What a terminal command of the conversation may name (`$NAME`): the saved secrets, then the
   * conversation's own over them. Name to value; the caller must not keep or show the values.
   */
  commandSecrets(conversationId: string): Readonly<Record<string, string>>;
  /** A fork inherits the secrets of its source, so its copied log stays masked the same way. */
  copyConversationSecrets(fromId: string, toId: string): void;
  forgetConversation(conversationId: string): void;
}

export function createSecretRegistry(
  global: () => readonly NamedSecret[],
  saved: () => Readonly<Record<string, string>> = () => ({}),
): SecretRegistry {
  const perConversation = new Map<string, Record<string, string>>();
  /**
   * What redactDeep gave, with the redactor that made it. An event is redacted for the conversation's
   * memory and again on its way into the store: with the same secrets the second walk would change
   * nothing, so it is skipped. A change of secrets compiles a new redactor, which walks again.
   */
  const cleanWith = new WeakMap<object, Redactor>();
  const compiled = new Map<string, { secrets: readonly NamedSecret[]; redactor: Redactor }>();

  const redactor = (conversationId?: string): Redactor => {
    const own = conversationId ? perConversation.get(conversationId) : undefined;
    const secrets: NamedSecret[] = [
      ...global(),
      ...Object.entries(saved()).map(([name, value]) => ({ name, value })),
      ...Object.entries(own ?? {}).map(([name, value]) => ({ name, value })),
    ];
    const cacheKey = own ? (conversationId as string) : '';
    const cached = compiled.get(cacheKey);
    if (cached && sameSecrets(cached.secrets, secrets)) return cached.redactor;
    const fresh = createRedactor(secrets);
    compiled.set(cacheKey, { secrets, redactor: fresh });
    return fresh;
  };

  return {
    redactor,
    redact: (text, conversationId) => redactor(conversationId).redact(text),
    redactDeep(value, conversationId) {
      const current = redactor(conversationId);
      if (typeof value === 'object' && value !== null && cleanWith.get(value) === current) return value;
      const redacted = redactDeep(value, current.redact);
      if (typeof redacted === 'object' && redacted !== null) cleanWith.set(redacted, current);
      return redacted;
    },
    setConversationSecrets(conversationId, secrets) {
      perConversation.set(conversationId, { ...perConversation.get(conversationId), ...secrets });
    },
    conversationSecrets: (conversationId) => ({ ...perConversation.get(conversationId) }),
    commandSecrets: (conversationId) => ({ ...saved(), ...perConversation.get(conversationId) }),
    copyConversationSecrets(fromId, toId) {
      const source = perConversation.get(fromId);
      if (source) perConversation.set(toId, { ...source });
    },
    forgetConversation(conversationId) {
      perConversation.delete(conversationId);
      compiled.delete(conversationId);
    },
  };
}

/** The same names and values in the same order: asked on every redaction, so compared in place. */
function sameSecrets(a: readonly NamedSecret[], b: readonly NamedSecret[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((secret, index) => secret.name === b[index]?.name && secret.value === b[index]?.value);
}
