import { type EffectiveCommand, subcommand } from './effective-command';
import type { PatternRule } from './pattern-rule';
import { isGitControlPath } from './git-control-path';
import { writeTargets } from './write-targets';
import { resolveCommandPath } from './workspace-path';

/** `git config` forms that only read. */
const CONFIG_READ_FLAGS =
  /^(?:--get|--get-all|--get-regexp|--get-urlmatch|--get-color|--get-colorbool|-l|--list)$/;
const CONFIG_WRITE_FLAGS =
  /^(?:--add|--unset|--unset-all|--replace-all|--rename-section|--remove-section|-e|--edit)$/;
/** The verbs of `git config <verb>` (git 2.46+). */
const CONFIG_READ_VERBS = new Set(['get', 'list']);
const CONFIG_WRITE_VERBS = new Set(['set', 'unset', 'rename-section', 'remove-section', 'edit']);
/** `git config` options whose value is the next word. */
const CONFIG_OPTIONS_WITH_VALUE = new Set([
  '-f',
  '--file',
  '--blob',
  '--type',
  '--default',
  '--comment',
  '--value',
  '--url',
]);
/** Programs that change the mode, owner or link of their operands without writing their content. */
const ATTRIBUTE_CHANGERS = new Set(['chmod', 'chown', 'chgrp', 'ln', 'install', 'touch']);

export const GIT_RULES: readonly PatternRule[] = [
  {
    // HIGH: a repository's config names programs git runs (fsmonitor on every `git status`, the
    // pager, aliases, filters, diff drivers, credential helpers), so the person's next git command
    // on the host would run what the agent chose, outside the sandbox.
    id: 'git-config-change',
    risk: 'HIGH',
    reason:
      'changes git configuration, which can make git run programs on the host (fsmonitor, hooks, pager, aliases, filters)',
    scope: 'command',
    matches: (command) => command.program === 'git' && setsGitConfiguration(command),
  },
  {
    // HIGH: hooks run at the person's next commit or checkout; a `.git` file can point git at a
    // repository the agent made, with its own config and hooks.
    id: 'git-control-write',
    risk: 'HIGH',
    reason: 'writes git hooks or repository configuration, which the person’s own git runs',
    scope: 'command',
    matches: (command, context) => {
      const operands = ATTRIBUTE_CHANGERS.has(command.program)
        ? command.args.filter((arg) => !arg.startsWith('-')).map((arg) => resolveCommandPath(arg, context))
        : [];
      return [...writeTargets(command, context), ...operands].some(isGitControlPath);
    },
  },
  {
    // HIGH: as above, through the file editor, which writes from the runtime process.
    id: 'git-control-edit',
    risk: 'HIGH',
    reason: 'writes git hooks or repository configuration, which the person’s own git runs',
    scope: 'file',
    matches: (action, context) =>
      action.command !== 'view' && isGitControlPath(resolveCommandPath(action.path, context)),
  },
];

/**
 * `git config` that writes (any key: one harmless-looking key can include a file that sets the
 * rest), and `git init`/`git clone` given a template or config that lands in the new repository.
 */
function setsGitConfiguration(command: EffectiveCommand): boolean {
  const verb = subcommand(command);
  const rest = command.args.slice(command.args.indexOf(verb ?? '') + 1);
  if (verb === 'init' || verb === 'clone') {
    return rest.some(
      (arg) => /^(?:--template|--config)(?:=|$)/.test(arg) || (verb === 'clone' && /^-c/.test(arg)),
    );
  }
  if (verb !== 'config') return false;
  const operands: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index] ?? '';
    if (CONFIG_WRITE_FLAGS.test(arg)) return true;
    if (CONFIG_READ_FLAGS.test(arg)) return false;
    if (CONFIG_OPTIONS_WITH_VALUE.has(arg)) index += 1;
    else if (!arg.startsWith('-')) operands.push(arg);
  }
  const first = operands[0] ?? '';
  if (CONFIG_WRITE_VERBS.has(first)) return true;
  if (CONFIG_READ_VERBS.has(first)) return false;
  // `git config name` reads; `git config name value [pattern]` writes.
  return operands.length >= 2;
}
