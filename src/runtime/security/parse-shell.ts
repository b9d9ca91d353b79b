/**
 * A small, forgiving reader of bash command lines for the pattern analyzer. It is not a full shell
 * parser: it splits pipelines and commands on operators, removes quotes, records redirections, skips
 * heredoc bodies and comments, and parses command substitutions ($(…), `…`, <(…)) as nested commands.
 * It never throws; text it cannot make sense of just becomes words.
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
  /** Commands found inside this command's substitutions. */
  nested: Pipeline[];
  /** The source text, for reasons shown to people. */
  text: string;
}

/** Commands joined by `|`; a lone command is a pipeline of one. */
export type Pipeline = SimpleCommand[];

export function parseShell(script: string): Pipeline[] {
  const pipelines: Pipeline[] = [];
  let pipeline: SimpleCommand[] = [];
  let command = emptyCommand();
  let commandStart = 0;
  let word = '';
  let inWord = false;
  let pendingRedirect: string | undefined;
  let pendingHeredoc = false;
  const heredocDelimiters: string[] = [];
  let index = 0;

  const endWord = () => {
    if (!inWord) return;
    if (pendingRedirect !== undefined) command.redirects.push({ operator: pendingRedirect, target: word });
    else if (pendingHeredoc) heredocDelimiters.push(word);
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
    command.nested.push(...parseShell(substitution.inner));
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
      const end = close < 0 ? script.length : close;
      word += script.slice(index + 1, end);
      inWord = true;
      index = end + 1;
    } else if (character === '"') {
      inWord = true;
      index += 1;
      while (index < script.length && script[index] !== '"') {
        if (script[index] === '\\' && index + 1 < script.length) {
          word += script[index + 1];
          index += 2;
        } else if (script.startsWith('$(', index) || script[index] === '`') {
          index = addSubstitution(index);
        } else {
          word += script[index];
          index += 1;
        }
      }
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
      index = skipHeredocBodies(script, index + 1, heredocDelimiters.splice(0));
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
  return pipelines;
}

function emptyCommand(): SimpleCommand {
  return { words: [], redirects: [], nested: [], text: '' };
}

function readRedirectOperator(script: string, index: number): string {
  for (const operator of ['&>>', '&>', '<<<', '<<-', '<<', '>>', '>|', '>&', '<&', '<>', '>', '<']) {
    if (script.startsWith(operator, index)) return operator;
  }
  return script[index] ?? '';
}

/** The text inside $(…), `…`, <(…) or >(…) starting at `start`, and the index after its end. */
function readSubstitution(script: string, start: number): { inner: string; end: number } {
  if (script[start] === '`') {
    let index = start + 1;
    while (index < script.length && script[index] !== '`') index += script[index] === '\\' ? 2 : 1;
    return { inner: script.slice(start + 1, index), end: index + 1 };
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
  return { inner: script.slice(start + 2, depth === 0 ? index - 1 : index), end: index };
}

/** Skips the bodies of heredocs that started on the line just ended; returns where commands resume. */
function skipHeredocBodies(script: string, start: number, delimiters: string[]): number {
  let index = start;
  for (const delimiter of delimiters) {
    for (;;) {
      if (index >= script.length) return script.length;
      const newline = script.indexOf('\n', index);
      const lineEnd = newline < 0 ? script.length : newline;
      const line = script.slice(index, lineEnd);
      index = lineEnd + 1;
      if (line.replace(/^\t+/, '').trimEnd() === delimiter) break;
    }
  }
  return Math.min(index, script.length);
}
