import { contentText, type Event } from '../events';

/**
 * The searchable text of an event: the words of a user or agent MessageEvent, null for everything else
 * (environment nudges, tool output and state changes are not what people search their history for).
 * Both stores index and filter (`body`) over exactly this text.
 */
export function messageText(event: Event): string | null {
  if (event.kind !== 'MessageEvent' || event.source === 'environment') return null;
  const text = contentText(event.llm_message.content);
  return text.length > 0 ? text : null;
}
