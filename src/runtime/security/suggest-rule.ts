import type { Action, RuleMatcher } from '../events';
import { parseShell } from './parse-shell';
import { resolveRulePath } from './resolve-rule-path';

/** Words past the program that can still name a subcommand (`npm run build`), not a value. */
const MAX_SUBCOMMAND_WORDS = 2;

/**
 * The allow rule an approval dialog offers for an action, or undefined when there is nothing sensible
 * to offer. Terminal: the first simple command's leading words up to the first that looks like a path,
 * option or value (`npm test -- -u` → `npm test`, `ls -la src` → `ls`). File editor: the path's folder
 * and everything below it. Pure.
 */
export function suggestRule(action: Action, workspaceDir: string): RuleMatcher | undefined {
  if (action.kind === 'TerminalAction') {
    if (action.is_input) return undefined;
    const words = parseShell(action.command)[0]?.[0]?.words ?? [];
    const prefix = leadingWords(words);
    return prefix.length > 0 ? { kind: 'command_prefix', prefix: prefix.join(' ') } : undefined;
  }
  if (action.kind === 'FileEditorAction') {
    const path = resolveRulePath(action.path, workspaceDir);
    const folder = path.slice(0, path.lastIndexOf('/'));
    return { kind: 'path_glob', glob: `${folder}/**` };
  }
  return undefined;
}

function leadingWords(words: readonly string[]): string[] {
  const prefix: string[] = [];
  let index = 0;
  // Assignments in front stay part of the rule: they change what the command does.
  while (/^[A-Za-z_][A-Za-z0-9_]*=\S*$/.test(words[index] ?? '') && isPlainWord(words[index] ?? '', true))
    prefix.push(words[index++] ?? '');
  const program = words[index];
  if (program === undefined || !isPlainWord(program, false)) return [];
  prefix.push(program);
  for (const word of words.slice(index + 1, index + 1 + MAX_SUBCOMMAND_WORDS)) {
    if (!/^[a-z][a-z0-9_:-]*$/i.test(word)) break;
    prefix.push(word);
  }
  return prefix;
}

/** A word that reads the same unquoted, so the suggested prefix parses back to the same words. */
function isPlainWord(word: string, assignment: boolean): boolean {
  return (assignment ? /^[A-Za-z0-9_=.,:/@+-]+$/ : /^[A-Za-z0-9_.,:/@+-]+$/).test(word);
}
