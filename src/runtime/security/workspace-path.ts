import { posix } from 'node:path';
import type { RuleContext } from './pattern-rule';

const HOME_PREFIX = /^(?:~|\$HOME|\$\{HOME\})(?=\/|$)/;
/** Scratch and device paths where writing is routine. */
export const SCRATCH_PATH =
  /^(?:\/dev\/(?:null|zero|stdout|stderr|tty|fd\/\d+)$|\/tmp(?:\/|$)|\/var\/tmp(?:\/|$))/;

/**
 * The path a command argument names, seen from where the command runs (`context.directory`, else the
 * workspace). Home paths come back as `~` or `~/…`, since the home directory is not known here; other
 * paths come back absolute and normalised.
 */
export function resolveCommandPath(target: string, context: RuleContext): string {
  const home = target.replace(HOME_PREFIX, '~');
  if (home.startsWith('~')) return normaliseHome(home);
  if (target.startsWith('/')) return posix.normalize(target);
  const base = context.directory ?? context.workspaceDir;
  if (base.startsWith('~')) return normaliseHome(posix.join(base, target));
  return posix.resolve(base, target);
}

/**
 * Is a resolved path (see resolveCommandPath) outside the workspace? Home paths always count as outside.
 * With `allowScratch`, /tmp and harmless device files count as inside: writing there is routine.
 */
export function isOutsideWorkspace(path: string, context: RuleContext, allowScratch = true): boolean {
  if (path.startsWith('~')) return true;
  if (allowScratch && SCRATCH_PATH.test(path)) return false;
  const workspace = posix.resolve(context.workspaceDir);
  return path !== workspace && !path.startsWith(workspace === '/' ? '/' : `${workspace}/`);
}

/** `/`, `/etc`, `~`, `$HOME`, `*`, `.`, `..` and the like, with or without a trailing `/` or `/*`. */
export function isBroadPath(arg: string): boolean {
  if (arg.startsWith('-')) return false;
  const path = arg.replace(/\/\*$/, '').replace(/\/+$/, '');
  return (
    path === '' || /^\/[^/]+$/.test(path) || /^(?:~|\$HOME|\$\{HOME\}|\*|\.|\.\.(?:\/\.\.)*)$/.test(path)
  );
}

function normaliseHome(path: string): string {
  const rest = posix.normalize(`/${path.slice(1)}`);
  return rest === '/' ? '~' : `~${rest}`;
}
