import { isAbsolute, resolve, sep } from 'node:path';
import type { HostView } from '../sandbox/host-view';
import { isInside } from '../sandbox/toolchain-roots';

export interface ServerPathsInput {
  command: string;
  args: readonly string[];
  /** The person's `read_only_paths`. */
  readOnlyPaths: readonly string[];
  /** Bound writable anyway: a path inside it needs no bind of its own. */
  workspaceDir: string;
  /** Every path the sandbox hides (see deniedPaths), as given. */
  denied: readonly string[];
}

/** What a stdio server may see beyond the sandbox's usual trees, or why it may not start at all. */
export type ServerPaths = { kind: 'exposed'; paths: string[] } | { kind: 'refused'; reason: string };

const NODE_MODULES = `${sep}node_modules${sep}`;

/**
 * The host paths a stdio server's sandbox shows read-only on top of the terminal's view: each of
 * `read_only_paths`, and each file the command or an argument names (the file alone, or the
 * `node_modules` folder holding it, so an npm package finds its dependencies). These binds go on
 * after the masks, so any of them that is, holds or lies inside a hidden path (the data dir,
 * credentials, deny_paths) would hand it back: such a server is refused, with a reason naming both
 * paths. Both the path as given and with its links resolved are checked, since bwrap binds the
 * resolved one. A folder argument is never exposed (a root the server serves is the person's to list).
 */
export function serverExposedPaths(input: ServerPathsInput, host: HostView): ServerPaths {
  const denied = resolvedForms(input.denied, host);
  const refused = readOnlyPathsRefusal(input.readOnlyPaths, input.denied, host);
  if (refused !== undefined) return { kind: 'refused', reason: refused };
  const paths = input.readOnlyPaths.map((path) => resolve(path));
  for (const [index, word] of [input.command, ...input.args].entries()) {
    if (!isAbsolute(word)) continue;
    const file = resolve(word);
    // Seen through the workspace's own bind; binding it again would follow a link the agent planted.
    if (isInside(file, resolve(input.workspaceDir))) continue;
    if (host.kind(host.realPath(file)).kind !== 'file') continue;
    const clash = clashWith(file, denied, host);
    if (clash !== undefined)
      return {
        kind: 'refused',
        reason: refusal(index === 0 ? `the command "${word}"` : `the argument "${word}"`, clash),
      };
    const packageFolder = nodeModulesFolder(file);
    const folderIsClean = packageFolder !== undefined && clashWith(packageFolder, denied, host) === undefined;
    paths.push(folderIsClean ? packageFolder : file);
  }
  return { kind: 'exposed', paths: [...new Set(paths)] };
}

/**
 * Why `read_only_paths` may not be shown to a server (an entry that is relative, or is, holds or lies
 * inside one of `denied`), or undefined when every entry may. Checked on save and again at start.
 */
export function readOnlyPathsRefusal(
  readOnlyPaths: readonly string[],
  denied: readonly string[],
  host: HostView,
): string | undefined {
  const hidden = resolvedForms(denied, host);
  for (const path of readOnlyPaths) {
    if (!isAbsolute(path)) return `read_only_paths entry "${path}" is not an absolute path`;
    const clash = clashWith(resolve(path), hidden, host);
    if (clash !== undefined) return refusal(`read_only_paths entry "${path}"`, clash);
  }
  return undefined;
}

/** How `path` meets a hidden path, in words: "is …", "lies inside …" or "contains …". */
function clashWith(path: string, denied: readonly string[], host: HostView): string | undefined {
  for (const form of forms(path, host)) {
    for (const hidden of denied) {
      if (form === hidden) return `is "${hidden}"`;
      if (isInside(form, hidden)) return `lies inside "${hidden}"`;
      if (isInside(hidden, form)) return `contains "${hidden}"`;
    }
  }
  return undefined;
}

function refusal(what: string, clash: string): string {
  return (
    `${what} ${clash}, which the sandbox hides (the data dir, credentials and deny_paths are never ` +
    "shown to an MCP server): list only the server's own files"
  );
}

function resolvedForms(paths: readonly string[], host: HostView): string[] {
  return [...new Set(paths.flatMap((path) => forms(resolve(path), host)))];
}

/** The path as given and with its links resolved. */
function forms(path: string, host: HostView): string[] {
  const real = host.realPath(path);
  return real === path ? [path] : [path, real];
}

function nodeModulesFolder(file: string): string | undefined {
  const index = file.lastIndexOf(NODE_MODULES);
  return index < 0 ? undefined : file.slice(0, index + NODE_MODULES.length - 1);
}
