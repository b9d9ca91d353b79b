import type { EffectiveCommand } from './effective-command';
import type { PatternRule } from './pattern-rule';
import { deleteTargets, writeTargets } from './write-targets';
import { isBroadPath, isOutsideWorkspace, resolveCommandPath } from './workspace-path';

/** A home directory written as `~`, `/root` or `/home/<user>` (resolveCommandPath turns $HOME into `~`). */
const HOME = '(?:~|/root|/home/[^/]+|/Users/[^/]+)';
const SHELL_STARTUP_FILE = new RegExp(
  String.raw`^(?:${HOME}/\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zshenv|zprofile|zlogin)|/etc/(?:profile|profile\.d/.*|bash\.bashrc|bashrc|zsh/.*|zshrc|zprofile|environment))$`,
);
const SSH_DIRECTORY = new RegExp(String.raw`^${HOME}/\.ssh(?:/|$)`);
/** Files whose contents are secrets even though no credentials rule names them by tool. */
const SECRET_STORE = new RegExp(
  String.raw`^(?:/etc/(?:shadow|gshadow|master\.passwd)(?:-|\.bak)?|${HOME}/\.agent-workbench(?:/.*)?)$`,
);
const FIND_DELETE_PROGRAMS = /^(?:rm|rmdir|unlink|shred|truncate)$/;

export const PATH_RULES: readonly PatternRule[] = [
  {
    // HIGH: deleting outside the workspace destroys what the agent was not asked to touch.
    id: 'delete-outside-workspace',
    risk: 'HIGH',
    reason: 'deletes files outside the workspace',
    scope: 'command',
    matches: (command, context) =>
      deleteTargets(command, context).some(
        // Broad paths are already named by the recursive-delete rule.
        (target) => !isBroadPath(target) && isOutsideWorkspace(target, context),
      ),
  },
  {
    // HIGH: start-up files run in every later shell, the classic way to persist a backdoor.
    id: 'shell-startup-write',
    risk: 'HIGH',
    reason: 'changes a shell start-up file, which runs in every new shell',
    scope: 'command',
    matches: (command, context) =>
      writeTargets(command, context).some((target) => SHELL_STARTUP_FILE.test(target)),
  },
  {
    // HIGH: writing authorized_keys or ssh config grants or redirects remote logins.
    id: 'ssh-directory-write',
    risk: 'HIGH',
    reason: 'writes into ~/.ssh, which can grant remote login',
    scope: 'command',
    matches: (command, context) =>
      writeTargets(command, context).some((target) => SSH_DIRECTORY.test(target)),
  },
  {
    // HIGH: the sandbox may hide these files, but an agent reaching for them is itself the warning.
    id: 'secret-store',
    risk: 'HIGH',
    reason: "reads password hashes or the workbench's own data dir",
    scope: 'command',
    matches: (command, context) =>
      [...command.args, ...command.source.redirects.map((redirect) => redirect.target)].some(
        (word) => !word.startsWith('-') && SECRET_STORE.test(resolveCommandPath(word, context)),
      ),
  },
  {
    // HIGH: as above, through the file editor, which the sandbox does not hide.
    id: 'secret-store-file',
    risk: 'HIGH',
    reason: "opens password hashes or the workbench's own data dir",
    scope: 'file',
    matches: (action, context) => SECRET_STORE.test(resolveCommandPath(action.path, context)),
  },
  {
    // HIGH: `find` deletes everything it matches, and outside the workspace nothing limits that.
    id: 'find-delete-outside-workspace',
    risk: 'HIGH',
    reason: 'find deletes files outside the workspace',
    scope: 'command',
    matches: (command, context) =>
      command.program === 'find' &&
      findDeletes(command.args) &&
      findRoots(command.args).some((root) => isOutsideWorkspace(resolveCommandPath(root, context), context)),
  },
  {
    // HIGH: recursive mode or owner changes outside the workspace can break the system or open it up.
    id: 'recursive-permissions-outside-workspace',
    risk: 'HIGH',
    reason: 'recursively changes permissions or owners outside the workspace',
    scope: 'command',
    matches: (command, context) =>
      recursivePermissionTargets(command).some((target) =>
        isOutsideWorkspace(resolveCommandPath(target, context), context),
      ),
  },
  {
    // MEDIUM: handing workspace files to another owner is sometimes needed (containers) but can lock
    // the user out. `chmod -R` inside the workspace stays LOW: it is routine (`chmod -R 755 dist`).
    id: 'recursive-owner-change',
    risk: 'MEDIUM',
    reason: 'recursively changes file owners',
    scope: 'command',
    matches: (command) => command.program !== 'chmod' && recursivePermissionTargets(command).length > 0,
  },
];

function findDeletes(args: readonly string[]): boolean {
  return args.some(
    (arg, index) =>
      arg === '-delete' ||
      (/^-(?:exec|execdir|ok|okdir)$/.test(arg) &&
        FIND_DELETE_PROGRAMS.test((args[index + 1] ?? '').replace(/^.*\//, ''))),
  );
}

/** The starting points of `find`: operands before the first expression; none means `.`. */
function findRoots(args: readonly string[]): string[] {
  const roots: string[] = [];
  for (const arg of args) {
    if (/^-[HLP]$/.test(arg)) continue;
    if (arg.startsWith('-') || arg === '(' || arg === '!') break;
    roots.push(arg);
  }
  return roots.length > 0 ? roots : ['.'];
}

/** The paths of a recursive chmod/chown/chgrp: operands after the mode or owner. */
function recursivePermissionTargets(command: EffectiveCommand): string[] {
  if (!/^(?:chmod|chown|chgrp)$/.test(command.program)) return [];
  const recursive = command.args.some((arg) => arg === '--recursive' || /^-[a-zA-Z]*R[a-zA-Z]*$/.test(arg));
  if (!recursive) return [];
  const operands = command.args.filter((arg) => !arg.startsWith('-'));
  // With --reference=FILE there is no mode or owner operand.
  return command.args.some((arg) => arg.startsWith('--reference=')) ? operands : operands.slice(1);
}
