import { lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';

export type HostPathKind =
  | { kind: 'directory' }
  | { kind: 'file' }
  | { kind: 'missing' }
  | { kind: 'symlink'; target: string };

/**
 * The few facts about the host file system that the sandbox's mount plan depends on. An interface,
 * so the plan is a pure function that tests feed with a made-up host.
 */
export interface HostView {
  /** What is at `path` itself (a symlink is not followed). Never throws. */
  kind(path: string): HostPathKind;
  /** `path` with every symlink resolved; `path` unchanged when it does not exist. Never throws. */
  realPath(path: string): string;
  /** Entry names of a directory; [] when it cannot be read. Never throws. */
  list(directory: string): string[];
  /** Names of the real directories (not links to them) in a directory; [] when it cannot be read. Never throws. */
  subdirectories(directory: string): string[];
}

export const realHostView: HostView = {
  kind(path) {
    try {
      // Asked for many paths that are not there (every folder's .git): no error built for those.
      const stat = lstatSync(path, { throwIfNoEntry: false });
      if (!stat) return { kind: 'missing' };
      if (stat.isSymbolicLink()) return { kind: 'symlink', target: readlinkSync(path) };
      return { kind: stat.isDirectory() ? 'directory' : 'file' };
    } catch {
      return { kind: 'missing' };
    }
  },
  realPath(path) {
    try {
      return realpathSync(path);
    } catch {
      return path;
    }
  },
  list(directory) {
    try {
      return readdirSync(directory);
    } catch {
      return [];
    }
  },
  subdirectories(directory) {
    try {
      return readdirSync(directory, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
    } catch {
      return [];
    }
  },
};
