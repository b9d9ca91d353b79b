import { type EffectiveCommand, subcommand } from './effective-command';
import type { PatternRule } from './pattern-rule';

/** `host:path`, `user@host:path` or `rsync://…`: an operand of scp/rsync on another machine. */
const REMOTE_OPERAND = /^(?:rsync:\/\/|(?:[^@/\s]+@)?[A-Za-z0-9][A-Za-z0-9.-]*:(?!\/\/))/;
const CURL_DATA_OPTIONS = new Set([
  '-d',
  '--data',
  '--data-binary',
  '--data-ascii',
  '--data-urlencode',
  '--json',
]);
const SOCKET_TOOLS = new Set(['nc', 'ncat', 'netcat', 'socat', 'telnet']);
/** Publishing commands by program; '' stands for any subcommand. */
const PUBLISHERS: Record<string, readonly string[]> = {
  npm: ['publish'],
  pnpm: ['publish'],
  yarn: ['publish', 'npm'],
  bun: ['publish'],
  cargo: ['publish'],
  twine: ['upload'],
  gem: ['push'],
  poetry: ['publish'],
  docker: ['push', 'image'],
  podman: ['push', 'image'],
};

export const REMOTE_RULES: readonly PatternRule[] = [
  {
    // HIGH: a file leaving the machine cannot be called back, and the agent reads secrets routinely.
    id: 'upload-file',
    risk: 'HIGH',
    reason: 'sends a local file to a remote host',
    scope: 'command',
    matches: (command) => uploadsFile(command),
  },
  {
    // HIGH: a release is public and permanent (registries forbid reusing a version).
    id: 'publish-package',
    risk: 'HIGH',
    reason: 'publishes a package or image to a registry',
    scope: 'command',
    matches: (command) => publishes(command),
  },
  {
    // HIGH: unlike a force push, the branches are gone from the remote, not just rewound.
    id: 'git-push-delete',
    risk: 'HIGH',
    reason: 'deletes or mirrors branches on the remote',
    scope: 'command',
    matches: (command) =>
      command.program === 'git' &&
      subcommand(command) === 'push' &&
      command.args.some((arg) => /^(?:--mirror|--delete|-d|--prune|:.+)$/.test(arg)),
  },
];

function uploadsFile(command: EffectiveCommand): boolean {
  const args = command.args;
  switch (command.program) {
    case 'curl':
      return args.some((arg, index) => {
        const value = args[index + 1] ?? '';
        return (
          (CURL_DATA_OPTIONS.has(arg) && isCurlFileReference(value)) ||
          /^-d@(?!-$)./.test(arg) ||
          ((arg === '-F' || arg === '--form') && /=[@<]/.test(value)) ||
          arg === '-T' ||
          arg === '--upload-file' ||
          /^-T./.test(arg)
        );
      });
    case 'wget':
      return args.some((arg) => /^--(?:post|body)-file(?:=|$)/.test(arg));
    case 'scp':
    case 'rsync': {
      const operands = args.filter((arg) => !arg.startsWith('-'));
      return operands.length >= 2 && REMOTE_OPERAND.test(operands[operands.length - 1] ?? '');
    }
    default:
      return (
        SOCKET_TOOLS.has(command.program) &&
        command.source.redirects.some(
          (redirect) => redirect.operator === '<' && redirect.target !== '/dev/null',
        )
      );
  }
}

/** `@file` reads a file into the request; `@-` is standard input, judged by the pipeline rules. */
function isCurlFileReference(value: string): boolean {
  return value.startsWith('@') && value !== '@-';
}

function publishes(command: EffectiveCommand): boolean {
  const verbs = PUBLISHERS[command.program];
  if (verbs === undefined || command.args.includes('--dry-run')) return false;
  const verb = subcommand(command) ?? '';
  if (!verbs.includes(verb)) return false;
  // `docker image push`, `yarn npm publish` (Berry): the real verb is one word further.
  if (verb === 'image' || verb === 'npm') return command.args.includes(verb === 'image' ? 'push' : 'publish');
  return true;
}
