/**
 * Characters that change how text around them reads without being visible: controls (newlines
 * included), bidirectional overrides and isolates, zero-width joiners and marks.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]+/g;

/**
 * Text an agent wrote (a title, a folder name), made safe to show in one line: invisible and
 * direction-changing characters become a space, runs of spaces one, and it is cut to `max` characters
 * with an ellipsis. So a title cannot pose as another ("‮…exe"), spill over lines, or flood a
 * notification. Pure.
 */
export function plainText(text: string, max = 120): string {
  const flat = text.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
  const characters = [...flat];
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : flat;
}
