export type ArgumentsParse = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/**
 * Parses the argument text of a tool call, forgiving what models commonly get wrong: raw control
 * characters (a literal newline inside a string) are escaped, and an empty text means no arguments.
 * Anything still unparseable, or JSON that is not an object, is an error the model can read.
 */
export function parseArgumentsJson(text: string): ArgumentsParse {
  if (text.trim() === '') return { ok: true, value: {} };
  const first = tryParse(text);
  const parsed = first.ok ? first : tryParse(escapeControlCharactersInStrings(text));
  if (!parsed.ok) return { ok: false, error: first.ok ? parsed.error : first.error };
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'the arguments must be a JSON object' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

const CONTROL_ESCAPES: Record<string, string> = {
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** Escapes control characters that appear inside JSON string literals; the rest of the text is untouched. */
export function escapeControlCharactersInStrings(text: string): string {
  let result = '';
  let inString = false;
  let escaped = false;
  for (const character of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (character === '\\') escaped = true;
      else if (character === '"') inString = false;
      else if (character < ' ') {
        result += CONTROL_ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
        continue;
      }
    } else if (character === '"') inString = true;
    result += character;
  }
  return result;
}
