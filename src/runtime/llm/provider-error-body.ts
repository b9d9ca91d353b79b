/** What a provider's error body says, for the shapes seen in the wild. */
export interface ProviderErrorBody {
  message?: string;
  type?: string;
  code?: string;
}

/**
 * Reads OpenAI-style `{error:{message,type,code}}`, Anthropic's `{type:'error', error:{type,message}}`,
 * and the flat `{message}` / `{error:"text"}` some OpenAI-compatible servers send. Never throws.
 */
export function providerErrorBody(body: unknown): ProviderErrorBody {
  const value = typeof body === 'string' ? parseJson(body) : body;
  if (!isRecord(value))
    return typeof body === 'string' && body.trim() ? { message: body.trim().slice(0, 300) } : {};
  const inner = isRecord(value.error) ? value.error : value;
  return {
    message: stringField(inner.message) ?? stringField(value.error),
    type: stringField(inner.type),
    code: stringField(inner.code) ?? (typeof inner.code === 'number' ? String(inner.code) : undefined),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // not JSON: the caller keeps the text itself as the message
  }
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
