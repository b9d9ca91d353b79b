import type { EffectiveCommand } from './effective-command';
import type { RuleContext } from './pattern-rule';
import { SHELLS } from './interpreters';
import { isOutsideWorkspace, resolveCommandPath } from './workspace-path';

/** The option that takes inline code, by interpreter. */
const CODE_FLAG: ReadonlyArray<[RegExp, RegExp]> = [
  [/^python[\d.]*$/, /^-[a-zA-Z]*c$/],
  [/^(?:node|bun)$/, /^(?:-e|--eval|-p|--print)$/],
  [/^perl$/, /^-[a-zA-Z]*[eE]$/],
  [/^ruby$/, /^-[a-zA-Z]*e$/],
  [/^php$/, /^-r$/],
];
const SCRIPT_INTERPRETER = /^(?:python[\d.]*|node|bun|perl|ruby|php)$/;
/** Calls that delete, move over or write files, in Python, Node, Perl and Ruby. */
const FILE_CHANGE =
  /\b(?:os\.(?:remove|unlink|rmdir|removedirs|rename|replace|truncate)|shutil\.(?:rmtree|move|copy\w*)|write_text|write_bytes|rmSync|rmdirSync|unlinkSync|writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|renameSync|copyFileSync|rm_rf|rm_r|rmtree|unlink|rmdir|File\.(?:delete|write|open)|FileUtils\.\w+)\b|\.(?:unlink|rmdir)\(|\bopen\s*\([^)]*(?:,\s*['"][^'"]*[wax+]|['"]\s*(?:>|\+<))/;
const SHELL_OUT =
  /\b(?:os\.system|os\.popen|subprocess|child_process|execSync|execFileSync|spawnSync|spawn|system|popen|IO\.popen|exec)\b|`/;
const HOME_REFERENCE =
  /expanduser|Path\.home\(\)|homedir\(\)|process\.env\.HOME|ENV\[['"]HOME|\$ENV\{HOME\}|getenv\(\s*['"]HOME/;
/** Code that builds what it runs at run time, so reading its text says little. */
const DYNAMIC_CODE =
  /\b(?:exec|eval|compile|__import__|getattr|b64decode|b32decode|a85decode|unhexlify|fromCharCode|Function)\s*\(|\bBuffer\.from\([^)]*['"](?:base64|hex)['"]|\b(?:marshal|pickle)\.loads|\bzlib\.decompress/;
/** Past this length inline code is a program, not a one-liner, and the heuristics stop being fair. */
const MAX_JUDGED_LENGTH = 400;
const STRING_LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
const LITERAL_LIST = /\[([^\]]*)\]/g;

export type InlineCodeVerdict = 'harmless' | 'changes-outside-workspace' | 'too-complex';

/** The code given to an interpreter on its command line (`python -c`, `node -e`) or in a heredoc. */
export function inlineCode(command: EffectiveCommand): string | undefined {
  const flag = CODE_FLAG.find(([program]) => program.test(command.program))?.[1];
  if (flag !== undefined) {
    const index = command.args.findIndex((arg) => flag.test(arg));
    if (index >= 0) return command.args[index + 1];
  }
  if (SCRIPT_INTERPRETER.test(command.program) && command.source.heredocs.length > 0)
    return command.source.heredocs.join('\n');
  return undefined;
}

/**
 * Judges inline code by its text: it changes files outside the workspace when a deleting or writing
 * call meets an outside path literal (or the home directory); it is too complex when it builds code at
 * run time, is long, or deletes, writes or shells out to paths it only knows at run time.
 */
export function judgeInlineCode(code: string, context: RuleContext): InlineCodeVerdict {
  const literals = stringLiterals(code);
  const changesFiles = FILE_CHANGE.test(code);
  if (
    changesFiles &&
    (HOME_REFERENCE.test(code) ||
      literals.some(
        (literal) =>
          literal !== '' &&
          !/\s/.test(literal) &&
          isOutsideWorkspace(resolveCommandPath(literal.replace(/^(?:\+?[<>]+)\s*/, ''), context), context),
      ))
  )
    return 'changes-outside-workspace';
  if (DYNAMIC_CODE.test(code) || code.length > MAX_JUDGED_LENGTH) return 'too-complex';
  if ((changesFiles || SHELL_OUT.test(code)) && literals.length === 0) return 'too-complex';
  return 'harmless';
}

/** Shell command lines inline code hands to a shell: the literals of os.system(…), execSync(…), […]. */
export function shellScriptsInCode(code: string): string[] {
  if (!SHELL_OUT.test(code)) return [];
  const lists = [...code.matchAll(LITERAL_LIST)].map((match) => stringLiterals(match[1] ?? '').join(' '));
  return [...stringLiterals(code), ...lists].filter((script) => /\s/.test(script));
}

/** The script a command hands to another shell: `bash -c '…'`, `eval …`, `bash <<< '…'`, `sh <<EOF`. */
export function shellScriptsOf(command: EffectiveCommand): string[] {
  if (command.program === 'eval') return [command.args.join(' ')];
  if (!SHELLS.test(command.program)) {
    const code = inlineCode(command);
    return code === undefined ? [] : shellScriptsInCode(code);
  }
  const flag = command.args.findIndex((arg) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(arg));
  const script = flag >= 0 ? command.args[flag + 1] : undefined;
  if (script !== undefined) return [script];
  return [
    ...command.source.redirects
      .filter((redirect) => redirect.operator === '<<<')
      .map((redirect) => redirect.target),
    ...command.source.heredocs,
  ];
}

function stringLiterals(code: string): string[] {
  return [...code.matchAll(STRING_LITERAL)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}
