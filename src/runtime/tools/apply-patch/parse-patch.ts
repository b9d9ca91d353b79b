import { parseCodexPatch } from './parse-codex-patch';
import type { ParsedPatch } from './patch-operation';
import { parseUnifiedDiff } from './parse-unified-diff';

/** Either format the tool takes, told apart by the first line that is not blank. */
export function parsePatch(text: string): ParsedPatch {
  const first = text.trimStart().split('\n', 1)[0]?.trim() ?? '';
  return first.startsWith('*** Begin Patch') ? parseCodexPatch(text) : parseUnifiedDiff(text);
}
