import { CODE_RULES } from './code-rules';
import { effectiveCommand, subcommand } from './effective-command';
import { GIT_RULES } from './git-rules';
import { INTERPRETERS } from './interpreters';
import type { PatternRule } from './pattern-rule';
import { PATH_RULES } from './path-rules';
import { REMOTE_RULES } from './remote-rules';
import { writeTargets } from './write-targets';
import { isBroadPath, isOutsideWorkspace, resolveCommandPath, SCRATCH_PATH } from './workspace-path';

export type { PatternRule, RuleContext } from './pattern-rule';

const FETCHERS = new Set(['curl', 'wget', 'aria2c', 'http', 'https', 'fetch']);
const NETWORK_SENDERS = new Set([
  ...FETCHERS,
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  'ssh',
  'scp',
  'sftp',
  'rsync',
  'ftp',
]);
const ENVIRONMENT_DUMPERS = new Set(['env', 'printenv', 'set', 'export', 'declare']);
const DISK_TOOLS = /^(?:mkfs(?:\..+)?|mke2fs|mkswap|wipefs|fdisk|sfdisk|parted|shred)$/;
const POWER_TOOLS = new Set(['shutdown', 'reboot', 'halt', 'poweroff']);
const CREDENTIAL_IN_HOME =
  /(?:^|[=:@])(?:~|\$HOME|\$\{HOME\}|\/root|\/home\/[^/]+|\/Users\/[^/]+)\/\.(?:ssh|aws|azure|gnupg|kube|config\/gcloud|docker\/config\.json|netrc|git-credentials|npmrc|pypirc)(?:\/|$)/;
const CREDENTIAL_FILE =
  /(?:^|\/|@)(?:\.netrc|\.git-credentials|\.npmrc|\.pypirc|id_rsa|id_dsa|id_ecdsa|id_ed25519|credentials\.json)$/;
const CREDENTIAL_FILE_PATH =
  /\/\.(?:ssh|aws|azure|gnupg|kube|config\/gcloud)\/|\/\.docker\/config\.json$|\/(?:\.netrc|\.git-credentials|\.npmrc|\.pypirc|id_rsa|id_dsa|id_ecdsa|id_ed25519)$/;
const DOTENV_FILE = /(?:^|\/|@)\.env(?:\.[\w-]+)?$/;
const SECRET_VARIABLE = /\$\{?[A-Za-z_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)[A-Za-z_]*\}?/i;

/** Subcommands that reach the network, by program; '' stands for the bare program (`yarn`). */
const NETWORK_SUBCOMMANDS: Record<string, readonly string[]> = {
  git: ['clone', 'fetch', 'pull', 'push', 'ls-remote', 'submodule'],
  npm: ['install', 'i', 'ci', 'add', 'update', 'upgrade', 'exec', 'create', 'publish'],
  pnpm: ['install', 'i', 'add', 'update', 'up', 'dlx', 'create'],
  yarn: ['', 'install', 'add', 'upgrade', 'dlx', 'create'],
  bun: ['install', 'i', 'add', 'update', 'x', 'create'],
  pip: ['install', 'download'],
  pip3: ['install', 'download'],
  pipx: ['install', 'run'],
  uv: ['pip', 'add', 'sync', 'tool', 'run'],
  poetry: ['install', 'add', 'update'],
  conda: ['install', 'create', 'update'],
  cargo: ['install', 'add', 'fetch', 'update'],
  go: ['get', 'install', 'mod'],
  gem: ['install', 'update'],
  apt: ['install', 'update', 'upgrade'],
  'apt-get': ['install', 'update', 'upgrade'],
  dnf: ['install', 'update', 'upgrade'],
  yum: ['install', 'update', 'upgrade'],
  apk: ['add', 'update', 'upgrade'],
  brew: ['install', 'update', 'upgrade'],
  docker: ['pull', 'push', 'login'],
};
const NETWORK_PROGRAMS = new Set([...NETWORK_SENDERS, 'npx', 'pnpx', 'bunx']);

/** The base rules; the rule groups of their own files are appended below. */
const BASE_RULES: readonly PatternRule[] = [
  {
    id: 'rm-broad',
    risk: 'HIGH',
    reason: 'recursive delete of a broad path',
    scope: 'command',
    matches: (command, context) =>
      command.program === 'rm' &&
      command.args.some(isRecursiveFlag) &&
      command.args.some(
        (arg) => isBroadPath(arg) || (!arg.startsWith('-') && isBroadPath(resolveCommandPath(arg, context))),
      ),
  },
  {
    id: 'rm-no-preserve-root',
    risk: 'HIGH',
    reason: 'delete with --no-preserve-root',
    scope: 'command',
    matches: (command) => command.program === 'rm' && command.args.includes('--no-preserve-root'),
  },
  {
    id: 'superuser',
    risk: 'HIGH',
    reason: 'runs a command as root',
    scope: 'command',
    matches: (command) =>
      command.wrappers.some((wrapper) => wrapper === 'sudo' || wrapper === 'doas') ||
      ['sudo', 'doas', 'su', 'pkexec'].includes(command.program),
  },
  {
    id: 'pipe-download-to-shell',
    risk: 'HIGH',
    reason: 'pipes a download into a shell or interpreter',
    scope: 'pipeline',
    matches: (pipeline) => {
      const fetch = pipeline.findIndex((command) => FETCHERS.has(command.program));
      return fetch >= 0 && pipeline.slice(fetch + 1).some((command) => INTERPRETERS.test(command.program));
    },
  },
  {
    id: 'run-downloaded-code',
    risk: 'HIGH',
    reason: 'runs code fetched from the network',
    scope: 'command',
    matches: (command) =>
      INTERPRETERS.test(command.program) &&
      command.source.nested.some((pipeline) =>
        pipeline.some((inner) => FETCHERS.has(effectiveCommand(inner).program)),
      ),
  },
  {
    id: 'dd-to-device',
    risk: 'HIGH',
    reason: 'dd writes to a device',
    scope: 'command',
    matches: (command) =>
      command.program === 'dd' &&
      command.args.some((arg) => arg.startsWith('of=/dev/') && !SCRATCH_PATH.test(arg.slice(3))),
  },
  {
    id: 'disk-format',
    risk: 'HIGH',
    reason: 'formats, wipes or repartitions a disk',
    scope: 'command',
    matches: (command) => DISK_TOOLS.test(command.program),
  },
  {
    id: 'power',
    risk: 'HIGH',
    reason: 'shuts down or reboots the machine',
    scope: 'command',
    matches: (command) => POWER_TOOLS.has(command.program),
  },
  {
    id: 'chmod-777-recursive',
    risk: 'HIGH',
    reason: 'makes a whole tree writable by everyone (chmod -R 777)',
    scope: 'command',
    matches: (command) =>
      command.program === 'chmod' &&
      command.args.some((arg) => arg === '--recursive' || /^-[a-zA-Z]*R/.test(arg)) &&
      command.args.some((arg) => /^0?777$|^(?:a|ugo)\+rwx$/.test(arg)),
  },
  {
    id: 'credentials',
    risk: 'HIGH',
    reason: 'touches SSH keys or cloud and registry credentials',
    scope: 'command',
    matches: (command, context) =>
      [...command.source.words, ...command.source.redirects.map((redirect) => redirect.target)].some(
        (word) =>
          CREDENTIAL_IN_HOME.test(word) ||
          CREDENTIAL_FILE.test(word) ||
          // After `cd ~/.aws`, a plain `credentials` is the same file.
          (context.directory !== undefined && CREDENTIAL_IN_HOME.test(resolveCommandPath(word, context))),
      ),
  },
  {
    id: 'git-force-push',
    risk: 'HIGH',
    reason: 'force-pushes, which can overwrite history on the remote',
    scope: 'command',
    matches: (command) =>
      command.program === 'git' &&
      subcommand(command) === 'push' &&
      command.args.some((arg) =>
        /^(?:-f|--force|--force-with-lease(?:=.*)?|-[a-zA-Z]*f[a-zA-Z]*|\+.+)$/.test(arg),
      ),
  },
  {
    id: 'write-outside-workspace',
    risk: 'HIGH',
    reason: 'writes to a file outside the workspace',
    scope: 'command',
    matches: (command, context) =>
      writeTargets(command, context).some((target) => isOutsideWorkspace(target, context)),
  },
  {
    id: 'environment-to-network',
    risk: 'HIGH',
    reason: 'sends environment variables or secret files over the network',
    scope: 'pipeline',
    matches: (pipeline) => {
      const leak = pipeline.findIndex(
        (command) =>
          ENVIRONMENT_DUMPERS.has(command.program) || command.args.some((arg) => isSecretFile(arg)),
      );
      return leak >= 0 && pipeline.slice(leak + 1).some((command) => NETWORK_SENDERS.has(command.program));
    },
  },
  {
    id: 'secrets-in-request',
    risk: 'HIGH',
    reason: 'puts secrets or the environment into a network request',
    scope: 'command',
    matches: (command) =>
      NETWORK_SENDERS.has(command.program) &&
      (command.args.some((arg) => SECRET_VARIABLE.test(arg) || isSecretFile(arg)) ||
        command.source.nested.some((pipeline) =>
          pipeline.some((inner) => ENVIRONMENT_DUMPERS.has(effectiveCommand(inner).program)),
        )),
  },
  {
    id: 'fork-bomb',
    risk: 'HIGH',
    reason: 'a fork bomb',
    scope: 'script',
    matches: (script) => /:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/.test(script),
  },
  {
    id: 'edit-outside-workspace',
    risk: 'HIGH',
    reason: 'edits a file outside the workspace',
    scope: 'file',
    matches: (action, context) =>
      action.command !== 'view' &&
      isOutsideWorkspace(resolveCommandPath(action.path, context), context, false),
  },
  {
    id: 'read-credentials-file',
    risk: 'HIGH',
    reason: 'opens SSH keys or cloud and registry credentials',
    scope: 'file',
    matches: (action) => CREDENTIAL_FILE_PATH.test(action.path),
  },
  {
    id: 'network',
    risk: 'MEDIUM',
    reason: 'reaches the network (downloads or installs)',
    scope: 'command',
    matches: (command) =>
      !command.args.includes('--help') &&
      (NETWORK_PROGRAMS.has(command.program) ||
        (NETWORK_SUBCOMMANDS[command.program]?.includes(subcommand(command) ?? '') ?? false)),
  },
];

/** Every rule, in the order their reasons are listed within one risk level. */
export const PATTERN_RULES: readonly PatternRule[] = [
  ...BASE_RULES.filter((rule) => rule.id !== 'network'),
  ...PATH_RULES,
  ...GIT_RULES,
  ...REMOTE_RULES,
  ...CODE_RULES,
  ...BASE_RULES.filter((rule) => rule.id === 'network'),
];

function isRecursiveFlag(arg: string): boolean {
  return arg === '--recursive' || /^-[a-zA-Z]*[rR][a-zA-Z]*$/.test(arg);
}

function isSecretFile(arg: string): boolean {
  return DOTENV_FILE.test(arg) || CREDENTIAL_FILE.test(arg) || CREDENTIAL_IN_HOME.test(arg);
}
