import type { SummarySections } from '../events';

/** The headings the condenser's prompt asks for, in order, with the section each fills. */
export const SUMMARY_HEADINGS: readonly (readonly [keyof SummarySections, string])[] = [
  ['goal', "User's goal and constraints"],
  ['files', 'Files touched'],
  ['decisions', 'Decisions'],
  ['open_tasks', 'Open tasks'],
  ['current_state', 'Current state'],
];

/** A section longer than this is cut: the summary is read by every later step. */
export const MAX_SECTION_CHARS = 3_000;
/** An unstructured summary is kept up to this length. */
export const MAX_UNSTRUCTURED_CHARS = 8_000;
/** Fewer recognised headings than this and the reply is not the summary asked for. */
const MIN_SECTIONS = 3;

/**
 * The sections of a summary the model wrote as Markdown headings (`## Files touched`). Headings are
 * matched by their words, not exactly, since models reword them; a heading seen twice adds to its
 * section. Null when fewer than three are there: the reply is prose or garbage, not the structure
 * asked for. Each section is trimmed and cut to MAX_SECTION_CHARS. Pure; the text is the model's.
 */
export function parseStructuredSummary(text: string): SummarySections | null {
  const sections: SummarySections = { goal: '', files: '', decisions: '', open_tasks: '', current_state: '' };
  const seen = new Set<keyof SummarySections>();
  let current: keyof SummarySections | undefined;
  for (const line of text.split(/\r?\n/)) {
    const heading = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    const key = heading === undefined ? undefined : sectionOf(heading);
    if (key) {
      current = key;
      seen.add(key);
    } else if (current) {
      sections[current] += `${line}\n`;
    }
  }
  if (seen.size < MIN_SECTIONS) return null;
  for (const [key] of SUMMARY_HEADINGS) sections[key] = clip(sections[key].trim(), MAX_SECTION_CHARS);
  return sections;
}

/** The sections as the text the model reads in place of what was forgotten; `(none)` for an empty one. */
export function renderStructuredSummary(sections: SummarySections): string {
  return SUMMARY_HEADINGS.map(([key, heading]) => `## ${heading}\n${sections[key] || '(none)'}`).join('\n\n');
}

/**
 * The summary to store for a reply that is not structured: kept as written (the model may still have
 * said something useful), cut, and marked so a reader knows it is not the structure asked for.
 */
export function unstructuredSummary(text: string): string {
  return `(Unstructured summary, kept as the model wrote it.)\n${clip(text.trim(), MAX_UNSTRUCTURED_CHARS)}`;
}

function sectionOf(heading: string): keyof SummarySections | undefined {
  const words = heading.toLowerCase();
  if (/goal|constraint|task\b/.test(words)) return 'goal';
  if (/file/.test(words)) return 'files';
  if (/decision/.test(words)) return 'decisions';
  if (/open|remain|todo|to do|next/.test(words)) return 'open_tasks';
  if (/state|status|progress/.test(words)) return 'current_state';
  return undefined;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… [cut]` : text;
}
