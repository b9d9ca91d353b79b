import type { SimpleCommand } from './parse-shell';

/** A command with its wrappers (sudo, env, nohup, …) peeled off: what actually runs. */
export interface EffectiveCommand {
  /** Base name of the program, e.g. `rm` for `/bin/rm`. */
  program: string;
  args: string[];
  /** Wrappers in front of it, e.g. ['sudo', 'env']. */
  wrappers: string[];
  source: SimpleCommand;
}

/** Wrappers and shell keywords in front of the real program, with their options that take a value. */
const WRAPPERS = new Map<string, readonly string[]>([
  ['sudo', ['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U']],
  ['doas', ['-u', '-C']],
  ['env', ['-u', '-C', '-S']],
  ['nohup', []],
  ['time', []],
  ['nice', ['-n']],
  ['ionice', ['-c', '-n']],
  ['timeout', ['-s', '-k']],
  ['xargs', ['-I', '-n', '-P', '-L', '-d', '-s', '-a', '-E']],
  ['exec', []],
  ['command', []],
  ['builtin', []],
  ['stdbuf', ['-i', '-o', '-e']],
  // Shell keywords that can stand before a command.
  ...['{', '}', '!', 'if', 'then', 'else', 'elif', 'do', 'while', 'until'].map(
    (keyword): [string, readonly string[]] => [keyword, []],
  ),
]);

export function effectiveCommand(command: SimpleCommand): EffectiveCommand {
  const words = command.words;
  const wrappers: string[] = [];
  let index = 0;
  for (;;) {
    while (index < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[index] ?? '')) index += 1;
    const word = words[index];
    if (word === undefined) break;
    const optionsWithValue = WRAPPERS.get(baseName(word));
    if (optionsWithValue === undefined) break;
    wrappers.push(baseName(word));
    index += 1;
    while ((words[index] ?? '').startsWith('-'))
      index += optionsWithValue.includes(words[index] ?? '') ? 2 : 1;
    // `timeout 10 cmd`: the duration comes before the command.
    if (baseName(word) === 'timeout' && /^\d/.test(words[index] ?? '')) index += 1;
  }
  // A wrapper with nothing after it is the program itself: `env` alone prints the environment.
  if (index >= words.length && wrappers.length > 0) {
    const program = wrappers.pop() ?? '';
    return { program, args: words.slice(words.lastIndexOf(program) + 1), wrappers, source: command };
  }
  let program = baseName(words[index] ?? '');
  let args = words.slice(index + 1);
  // `python -m pip install x` runs pip.
  if (/^python[\d.]*$/.test(program) && args[0] === '-m' && args[1] !== undefined) {
    program = args[1];
    args = args.slice(2);
  }
  return { program, args, wrappers, source: command };
}

/** The first argument that is not an option: `git -C dir push` → push. */
export function subcommand(command: EffectiveCommand): string | undefined {
  const optionsWithValue = command.program === 'git' ? ['-C', '-c', '--git-dir', '--work-tree'] : [];
  for (let index = 0; index < command.args.length; index++) {
    const arg = command.args[index] ?? '';
    if (optionsWithValue.includes(arg)) index += 1;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

function baseName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}
