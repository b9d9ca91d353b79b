/**
 * A small, forgiving reader of bash command lines for the pattern analyzer. It is not a full shell
 * parser: it splits pipelines and commands on operators, removes quotes, records redirections, keeps
 * heredoc bodies apart, skips comments, and parses command substitutions ($(…), `…`, <(…)) as nested
 * commands. It never throws; text it cannot make sense of becomes words, and what it could not follow
 * (unbalanced quotes, an unterminated heredoc, undecoded $'\x..' quoting) is listed in `problems` so the
 * analyzer can refuse to call such a command LOW.
 *
 * Why not a parser from npm (checked with `npm view`): `bash-parser` (0.5.0) pulls 21 small
 * dependencies, among them the long-retired `babylon` 6, and its repository has been quiet for years;
 * `shell-quote` only splits words and operators (no heredocs, no nesting of substitutions), which is
 * less than this file does; `mvdan-sh` is the GopherJS build its author replaced with `sh-syntax`, and
 * `sh-syntax` is a WASM build of mvdan/sh whose parse is asynchronous behind a WASM load, while the
 * analyzer is a synchronous pure function called for every action. A real parser would also reject
 * the half-typed and odd commands an agent sends, where we want a best-effort reading plus a flag.
 */

export interface Redirect {
  /** `>`, `>>`, `>|`, `&>`, `&>>`, `>&`, `<`, `<<<` … */
  operator: string;
  target: string;
}

export interface SimpleCommand {
  /** Words after quote removal; a command substitution stands as the placeholder `$(…)`. */
  words: string[];
  redirects: Redirect[];
  /** Bodies of the heredocs (`<<EOF`) fed to this command, in order. */
  heredocs: string[];
  /** Commands found inside this command's substitutions. */
  nested: Pipeline[];
  /** The source text, for reasons shown to people. */
  text: string;
}

/** Commands joined by `|`; a lone command is a pipeline of one. */
export type Pipeline = SimpleCommand[];

export interface ParsedScript {
  /** In source order, so a `cd` in one pipeline applies to the ones after it. */
  pipelines: Pipeline[];
  /** What the reader could not follow, in words; empty when it read everything. */
  problems: string[];
}

/** The pipelines of a script; see parseShellScript for what it could not follow. */
export function parseShell(script: string): Pipeline[] {
  return parseShellScript(script).pipelines;
}

export function parseShellScript(script: string): ParsedScript {
  const pipelines: Pipeline[] = [];
  const problems: string[] = [];
  let pipeline: SimpleCommand[] = [];
  let command = emptyCommand();
  let commandStart = 0;
  let word = '';
  let inWord = false;
  let pendingRedirect: string | undefined;
  let pendingHeredoc = false;
  const heredocs: PendingHeredoc[] = [];
  let index = 0;

  const endWord = () => {
    if (!inWord) return;
    if (pendingRedirect !== undefined) command.redirects.push({ operator: pendingRedirect, target: word });
    else if (pendingHeredoc) heredocs.push({ delimiter: word, command });
    else command.words.push(word);
    pendingRedirect = undefined;
    pendingHeredoc = false;
    word = '';
    inWord = false;
  };
  const endCommand = (end: number) => {
    endWord();
    command.text = script.slice(commandStart, end).trim();
    if (command.words.length > 0 || command.redirects.length > 0) pipeline.push(command);
    command = emptyCommand();
  };
  const endPipeline = (end: number) => {
    endCommand(end);
    if (pipeline.length > 0) pipelines.push(pipeline);
    pipeline = [];
  };
  const addSubstitution = (start: number): number => {
    const substitution = readSubstitution(script, start);
    const inner = parseShellScript(substitution.inner);
    command.nested.push(...inner.pipelines);
    problems.push(...inner.problems);
    if (!substitution.closed) problems.push('unclosed command substitution');
    word += '$(…)';
    inWord = true;
    return substitution.end;
  };

  while (index < script.length) {
    const character = script[index] ?? '';
    const next = script[index + 1];
    if (character === '\\') {
      if (next !== '\n' && next !== undefined) {
        word += next;
        inWord = true;
      }
      index += 2;
    } else if (character === "'") {
      const close = script.indexOf("'", index + 1);
      if (close < 0) problems.push('unbalanced single quote');
      const end = close < 0 ? script.length : close;
      const text = script.slice(index + 1, end);
      // $'\x72\x6d' is decoded by bash but not here, so the word we keep is not what runs.
      if (script[index - 1] === '$' && /\\(?:x[0-9a-fA-F]|u[0-9a-fA-F]|[0-7])/.test(text))
        problems.push("escape-encoded $'…' quoting");
      word += text;
      inWord = true;
      index = end + 1;
    } else if (character === '"') {
      inWord = true;
      index += 1;
      while (index < script.length && script[index] !== '"') {
        if (script[index] === '\\' && index + 1 < script.length) {
          // Inside double quotes a backslash escapes only $ ` " \ and newline; `"\x72"` keeps it.
          const escaped = script[index + 1] ?? '';
          word += '$`"\\\n'.includes(escaped) ? escaped : `\\${escaped}`;
          index += 2;
        } else if (script.startsWith('$(', index) || script[index] === '`') {
          index = addSubstitution(index);
        } else {
          word += script[index];
          index += 1;
        }
      }
      if (index >= script.length) problems.push('unbalanced double quote');
      index += 1;
    } else if (
      script.startsWith('$(', index) ||
      character === '`' ||
      ('<>'.includes(character) && next === '(')
    ) {
      index = addSubstitution(index);
    } else if (character === '#' && !inWord) {
      const newline = script.indexOf('\n', index);
      index = newline < 0 ? script.length : newline;
    } else if (character === ' ' || character === '\t') {
      endWord();
      index += 1;
    } else if (character === '\n') {
      endPipeline(index);
      const bodies = readHeredocBodies(script, index + 1, heredocs.splice(0));
      if (!bodies.complete) problems.push('unterminated heredoc');
      index = bodies.end;
      commandStart = index;
    } else if (character === ';' || character === '(' || character === ')') {
      endPipeline(index);
      index += character === ';' && next === ';' ? 2 : 1;
      commandStart = index;
    } else if ((character === '&' && next === '&') || (character === '|' && next === '|')) {
      endPipeline(index);
      index += 2;
      commandStart = index;
    } else if (character === '|') {
      endCommand(index);
      index += next === '&' ? 2 : 1;
      commandStart = index;
    } else if (character === '&' && next !== '>') {
      endPipeline(index);
      index += 1;
      commandStart = index;
    } else if (character === '>' || character === '<' || character === '&') {
      // A word of digits right before the operator is a file descriptor number, not an argument.
      if (inWord && /^\d+$/.test(word)) {
        word = '';
        inWord = false;
      }
      endWord();
      const operator = readRedirectOperator(script, index);
      index += operator.length;
      if (operator === '<<' || operator === '<<-') pendingHeredoc = true;
      else pendingRedirect = operator;
    } else {
      word += character;
      inWord = true;
      index += 1;
    }
  }
  endPipeline(script.length);
  // A heredoc on the last line has no body at all: whatever it feeds, we never saw it.
  if (heredocs.length > 0 || pendingHeredoc) problems.push('unterminated heredoc');
  return { pipelines, problems: [...new Set(problems)] };
}

interface PendingHeredoc {
  delimiter: string;
  command: SimpleCommand;
}

function emptyCommand(): SimpleCommand {
  return { words: [], redirects: [], heredocs: [], nested: [], text: '' };
}

function readRedirectOperator(script: string, index: number): string {
  for (const operator of ['&>>', '&>', '<<<', '<<-', '<<', '>>', '>|', '>&', '<&', '<>', '>', '<']) {
    if (script.startsWith(operator, index)) return operator;
  }
  return script[index] ?? '';
}

/** The text inside $(…), `…`, <(…) or >(…) starting at `start`, and the index after its end. */
function readSubstitution(script: string, start: number): { inner: string; end: number; closed: boolean } {
  if (script[start] === '`') {
    let index = start + 1;
    while (index < script.length && script[index] !== '`') index += script[index] === '\\' ? 2 : 1;
    return { inner: script.slice(start + 1, index), end: index + 1, closed: index < script.length };
  }
  let depth = 1;
  let quote: string | undefined;
  let index = start + 2;
  for (; index < script.length && depth > 0; index++) {
    const character = script[index];
    if (quote !== undefined) {
      if (character === quote) quote = undefined;
      else if (character === '\\' && quote === '"') index += 1;
    } else if (character === "'" || character === '"') quote = character;
    else if (character === '\\') index += 1;
    else if (character === '(') depth += 1;
    else if (character === ')') depth -= 1;
  }
  const closed = depth === 0;
  return { inner: script.slice(start + 2, closed ? index - 1 : index), end: index, closed };
}

/**
 * Reads the bodies of heredocs that started on the line just ended onto their commands; returns where
 * commands resume and whether every body found its delimiter.
 */
function readHeredocBodies(
  script: string,
  start: number,
  heredocs: readonly PendingHeredoc[],
): { end: number; complete: boolean } {
  let index = start;
  for (const heredoc of heredocs) {
    const lines: string[] = [];
    for (;;) {
      if (index >= script.length) {
        heredoc.command.heredocs.push(lines.join('\n'));
        return { end: script.length, complete: false };
      }
      const newline = script.indexOf('\n', index);
      const lineEnd = newline < 0 ? script.length : newline;
      const line = script.slice(index, lineEnd);
      index = lineEnd + 1;
      if (line.replace(/^\t+/, '').trimEnd() === heredoc.delimiter) break;
      lines.push(line);
    }
    heredoc.command.heredocs.push(lines.join('\n'));
  }
  return { end: Math.min(index, script.length), complete: true };
}
