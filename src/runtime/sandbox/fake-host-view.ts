import type { HostPathKind, HostView } from './host-view';

/**
 * An in-memory host for mount-plan tests: `entries` maps a path to 'directory', 'file' or
 * '-> target' (a symlink). Parents are not implied; realPath follows absolute symlink prefixes.
 */
export function fakeHostView(entries: Record<string, string>): HostView {
  const kind = (path: string): HostPathKind => {
    const entry = entries[path];
    if (entry === undefined) return { kind: 'missing' };
    if (entry.startsWith('-> ')) return { kind: 'symlink', target: entry.slice(3) };
    return entry === 'directory' ? { kind: 'directory' } : { kind: 'file' };
  };
  const list = (directory: string) =>
    Object.keys(entries)
      .filter((path) => path.startsWith(`${directory}/`) && !path.slice(directory.length + 1).includes('/'))
      .map((path) => path.slice(directory.length + 1));
  return {
    kind,
    realPath(path) {
      for (const [link, entry] of Object.entries(entries)) {
        if (!entry.startsWith('-> ')) continue;
        const target = entry.slice(3);
        const absolute = target.startsWith('/') ? target : `/${target}`;
        if (path === link) return absolute;
        if (path.startsWith(`${link}/`)) return absolute + path.slice(link.length);
      }
      return path;
    },
    list,
    subdirectories(directory) {
      return list(directory).filter((name) => kind(`${directory}/${name}`).kind === 'directory');
    },
  };
}
