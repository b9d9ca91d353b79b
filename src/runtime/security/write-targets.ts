import type { EffectiveCommand } from './effective-command';
import type { RuleContext } from './pattern-rule';
import { resolveCommandPath } from './workspace-path';

const WRITE_REDIRECTS = new Set(['>', '>>', '>|', '&>', '&>>', '<>']);
/** Programs whose last operand is the file or directory they write. */
const COPIERS = new Set(['cp', 'mv', 'install', 'ln', 'rsync']);
/** Programs that write every operand. */
const WRITERS = new Set(['tee', 'touch', 'truncate']);
/** Programs that rewrite files in place with `-i`; their first operand is the script, not a file. */
const IN_PLACE_EDITORS = new Set(['sed', 'perl']);
/** Programs that delete every operand. */
const DELETERS = new Set(['rm', 'rmdir', 'unlink', 'shred']);

/**
 * The files a command writes, resolved from where it runs: redirections, `tee`, `cp`/`mv` targets,
 * `sed -i` files, `dd of=`. Best effort: options that take a value can be mistaken for operands,
 * which only ever adds paths.
 */
export function writeTargets(command: EffectiveCommand, context: RuleContext): string[] {
  const targets = command.source.redirects
    .filter((redirect) => WRITE_REDIRECTS.has(redirect.operator))
    .map((redirect) => redirect.target);
  const operands = command.args.filter((arg) => !arg.startsWith('-'));
  if (COPIERS.has(command.program)) targets.push(...copyTargets(command.args, operands));
  if (WRITERS.has(command.program)) targets.push(...operands);
  if (IN_PLACE_EDITORS.has(command.program) && command.args.some((arg) => /^-[a-zA-Z]*i/.test(arg)))
    targets.push(...operands.slice(1));
  if (command.program === 'dd')
    targets.push(...command.args.filter((arg) => arg.startsWith('of=')).map((arg) => arg.slice(3)));
  return targets.map((target) => resolveCommandPath(target, context));
}

/** The files a command deletes, resolved from where it runs. */
export function deleteTargets(command: EffectiveCommand, context: RuleContext): string[] {
  if (!DELETERS.has(command.program)) return [];
  return command.args
    .filter((arg) => !arg.startsWith('-'))
    .map((target) => resolveCommandPath(target, context));
}

function copyTargets(args: readonly string[], operands: readonly string[]): string[] {
  const directoryFlag = args.findIndex((arg) => arg === '-t' || arg === '--target-directory');
  if (directoryFlag >= 0) return args[directoryFlag + 1] === undefined ? [] : [args[directoryFlag + 1] ?? ''];
  const explicit = args.find((arg) => arg.startsWith('--target-directory='));
  if (explicit !== undefined) return [explicit.slice('--target-directory='.length)];
  const last = operands[operands.length - 1];
  return operands.length >= 2 && last !== undefined ? [last] : [];
}
