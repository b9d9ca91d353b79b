export const DEFAULT_TITLE = 'New conversation';
const MAX_TITLE_CHARS = 50;

/** A title from the first user message: trimmed, one line, an ellipsis past 50 characters. Null when there is no text. */
export function titleFromMessage(text: string): string | null {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  return line.length > MAX_TITLE_CHARS ? `${line.slice(0, MAX_TITLE_CHARS).trimEnd()}…` : line;
}

/** What a model proposed as a title, cleaned the same way (quotes and a "Title:" prefix dropped). */
export function cleanModelTitle(text: string): string | null {
  const firstLine = text.trim().split('\n')[0] ?? '';
  const unquoted = firstLine
    .replace(/^title:\s*/i, '')
    .replace(/^["'`*#\s]+|["'`*\s.]+$/g, '')
    .trim();
  return titleFromMessage(unquoted);
}

export function forkTitle(sourceTitle: string): string {
  return `${sourceTitle} (branch)`;
}
