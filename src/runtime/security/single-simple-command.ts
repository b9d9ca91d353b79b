import { parseShell } from './parse-shell';

/**
 * Names whose assignment in front of a command changes which program runs or what it loads, so a
 * rule written for the command no longer describes what would happen.
 */
const DANGEROUS_ASSIGNMENT =
  /^(PATH|LD_\w*|DYLD_\w*|BASH_ENV|ENV|IFS|SHELLOPTS|BASHOPTS|PS4|PROMPT_COMMAND|NODE_OPTIONS|PYTHON\w*|PERL5?\w*|RUBY\w*|GIT_\w*|npm_config_\w*|NPM_CONFIG_\w*)=/;

/**
 * The words of `command` after quote removal when the whole text is one plain simple command: no
 * lists, pipes, background jobs, newlines, substitutions, subshells, groups, heredocs, redirections
 * other than to /dev/null or between descriptors, and no assignment that changes what runs.
 * Undefined otherwise. An approval rule may only trust a command it can read whole, so anything this
 * small reader is unsure of is refused (the person is asked instead). Pure; never throws.
 */
export function singleSimpleCommand(command: string): string[] | undefined {
  if (hasShellHazard(command)) return undefined;
  const pipelines = parseShell(command);
  if (pipelines.length !== 1) return undefined;
  const pipeline = pipelines[0];
  if (pipeline?.length !== 1) return undefined;
  const simple = pipeline[0];
  if (simple === undefined || simple.nested.length > 0 || simple.words.length === 0) return undefined;
  if (!simple.redirects.every(isHarmlessRedirect)) return undefined;
  const words = simple.words;
  if (words.some((word) => word === '{' || word === '}' || word.includes('$(…)'))) return undefined;
  for (const word of words) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) break;
    if (DANGEROUS_ASSIGNMENT.test(word)) return undefined;
  }
  return words;
}

/** `>/dev/null`, `2>/dev/null`, `&>/dev/null`, `2>&1`: nothing is written anywhere that matters. */
function isHarmlessRedirect(redirect: { operator: string; target: string }): boolean {
  if (redirect.operator === '>&' || redirect.operator === '<&') return /^(\d+|-)$/.test(redirect.target);
  if (['>', '>>', '&>', '&>>', '<'].includes(redirect.operator)) return redirect.target === '/dev/null';
  return false;
}

/**
 * Scans the raw text the way bash quotes it, before any tokenizer sees it: an operator, newline,
 * substitution, subshell, heredoc or unclosed quote outside single quotes means "not one simple
 * command". Stricter than bash on purpose (e.g. `>|` and `<<` are refused outright).
 */
function hasShellHazard(command: string): boolean {
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < command.length; index++) {
    const character = command[index];
    const next = command[index + 1];
    if (character === '\n' || character === '\r' || character === '\0') return true;
    if (quote === "'") {
      if (character === "'") quote = undefined;
      continue;
    }
    if (character === '\\') {
      // A line continuation is still a newline the rule's author did not see.
      if (next === '\n' || next === '\r') return true;
      index += 1;
      continue;
    }
    // `$'…'` quotes by other rules than '…', and `!` may expand history in an interactive shell.
    if (character === '`' || character === '!' || (character === '$' && (next === '(' || next === "'")))
      return true;
    // `${x@P}`, `${x:-…}` and `$[…]` can evaluate text a variable holds; only `${NAME}` is plain.
    if (character === '$' && next === '[') return true;
    if (character === '$' && next === '{' && !/^\$\{[A-Za-z_][A-Za-z0-9_]*\}/.test(command.slice(index)))
      return true;
    if (quote === '"') {
      if (character === '"') quote = undefined;
      continue;
    }
    if (character === "'" || character === '"') {
      quote = character;
      continue;
    }
    if (';|()'.includes(character ?? '')) return true;
    if (character === '<' && (next === '<' || next === '(')) return true;
    if (character === '&') {
      const previous = command[index - 1];
      const isRedirect = previous === '>' || previous === '<' || next === '>';
      if (!isRedirect) return true;
    }
  }
  return quote !== undefined;
}
