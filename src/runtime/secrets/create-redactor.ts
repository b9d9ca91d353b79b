import { SECRET_PATTERNS, type SecretPattern } from './secret-patterns';
import { secretForms } from './secret-forms';
import { secretPlaceholder } from './secret-placeholder';

/** An exact value to mask and the name its placeholder shows. */
export interface NamedSecret {
  name: string;
  value: string;
}

/** One masked span of a text: `text.slice(start, end)` becomes `replacement`. */
export interface SecretMatch {
  start: number;
  end: number;
  replacement: string;
}

/**
 * A compiled set of secrets. Pure and reusable: the caller may keep it as long as the set of
 * secrets is unchanged. Never throws.
 */
export interface Redactor {
  /** The text with every secret replaced by its placeholder. */
  redact(text: string): string;
  /** The masked spans, in order and not overlapping. */
  scan(text: string): SecretMatch[];
  /**
   * The longest exact spelling that holds characters other than token characters (a password with
   * a space), 0 when none does: a stream cannot tell where such a value starts, so it holds this much back.
   */
  readonly longestUntokenlikeForm: number;
}

interface Alternative {
  name: string;
  keepPrefix?: RegExp;
}

/**
 * Compiles exact values (in every spelling secretForms gives) and the common key patterns into one
 * regex, so a text is scanned once however many secrets there are. Exact values come first: a
 * configured key is named by its own name rather than by the pattern it also fits.
 */
export function createRedactor(
  secrets: readonly NamedSecret[],
  patterns: readonly SecretPattern[] = SECRET_PATTERNS,
): Redactor {
  const exact = exactForms(secrets);
  const alternatives: Alternative[] = [
    ...exact.map(({ name }) => ({ name })),
    ...patterns.map(({ name, keepPrefix }) => ({ name, ...(keepPrefix ? { keepPrefix } : {}) })),
  ];
  const sources = [...exact.map(({ form }) => escapeRegExp(form)), ...patterns.map(({ source }) => source)];
  const regex = new RegExp(sources.map((source) => `(${source})`).join('|'), 'g');
  const longestUntokenlikeForm = exact.reduce(
    (longest, { form }) => (/^[A-Za-z0-9_.~+/=%-]*$/.test(form) ? longest : Math.max(longest, form.length)),
    0,
  );

  const scan = (text: string): SecretMatch[] => {
    const matches: SecretMatch[] = [];
    const encoded = base64Bodies(text);
    regex.lastIndex = 0;
    for (let found = regex.exec(text); found !== null; found = regex.exec(text)) {
      const group = matchedGroup(found);
      if (
        group >= exact.length &&
        encoded.some(([start, end]) => found.index >= start && found.index < end)
      ) {
        // A key's shape inside a data URL's base64 is chance (in a 1.7 MB image, `AIza` and 35
        // letters turn up about once in 25), and masking it would break the image for every
        // provider. Exact values are still masked there. Scanning goes on from the next character,
        // so an exact value overlapping the chance match is not passed over.
        regex.lastIndex = found.index + 1;
        continue;
      }
      const alternative = alternatives[group];
      const prefix = alternative?.keepPrefix?.exec(found[0])?.[0] ?? '';
      matches.push({
        start: found.index + prefix.length,
        end: found.index + found[0].length,
        replacement: secretPlaceholder(alternative?.name ?? 'secret'),
      });
    }
    return matches;
  };

  return {
    scan,
    redact(text) {
      // Most texts hold no secret: answer without building a new string.
      const matches = scan(text);
      return matches.length === 0 ? text : applyMatches(text, matches);
    },
    longestUntokenlikeForm,
  };
}

/** Splices the replacements of `matches` (in order, within `text`) into `text`. */
export function applyMatches(text: string, matches: readonly SecretMatch[]): string {
  let result = '';
  let cursor = 0;
  for (const match of matches) {
    result += text.slice(cursor, match.start) + match.replacement;
    cursor = match.end;
  }
  return result + text.slice(cursor);
}

function exactForms(secrets: readonly NamedSecret[]): { name: string; form: string }[] {
  const seen = new Set<string>();
  const forms: { name: string; form: string }[] = [];
  for (const { name, value } of secrets) {
    for (const form of secretForms(value)) {
      if (seen.has(form)) continue;
      seen.add(form);
      forms.push({ name, form });
    }
  }
  // Longest first: at one position the regex takes the first alternative that fits.
  return forms.sort((a, b) => b.form.length - a.form.length);
}

/** The [start, end) spans of the base64 bodies of `data:…;base64,` URLs in a text (most texts: none). */
function base64Bodies(text: string): [number, number][] {
  if (!text.includes(';base64,')) return [];
  const bodies: [number, number][] = [];
  for (const found of text.matchAll(
    /data:[\w.+-]*\/[\w.+-]*(?:;[\w.+-]+=[\w.+-]+)*;base64,([A-Za-z0-9+/]+=*)/g,
  )) {
    const end = found.index + found[0].length;
    bodies.push([end - (found[1] as string).length, end]);
  }
  return bodies;
}

function matchedGroup(found: RegExpExecArray): number {
  for (let group = 1; group < found.length; group++) {
    if (found[group] !== undefined) return group - 1;
  }
  return -1;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
