import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { RuntimeError } from '../errors/runtime-error';
import { SettingsError } from '../data-files/settings-error';
import { writeFileAtomic } from '../data-files/write-file-atomic';

/** Upstream's WorkspaceItem: `id` is opaque (the Canvas sets it to the path); entries are unique by path. */
export const WorkspaceItemSchema = z.object({
  id: z.string().min(1).max(4096),
  name: z.string().min(1).max(256),
  path: z.string().min(1).max(4096),
  parentPath: z.string().max(4096).nullish(),
});
export const WorkspaceParentItemSchema = z.object({
  id: z.string().min(1).max(4096),
  name: z.string().min(1).max(256),
  path: z.string().min(1).max(4096),
});
export type WorkspaceItem = z.infer<typeof WorkspaceItemSchema>;
export type WorkspaceParentItem = z.infer<typeof WorkspaceParentItemSchema>;

export interface SavedWorkspaces {
  workspaces: WorkspaceItem[];
  workspaceParents: WorkspaceParentItem[];
}

/** So a front end in a loop cannot grow the file without end. */
export const MAX_SAVED_ENTRIES = 500;

const FileSchema = z.object({
  schema_version: z.literal(1),
  workspaces: z.array(WorkspaceItemSchema).max(MAX_SAVED_ENTRIES),
  workspaceParents: z.array(WorkspaceParentItemSchema).max(MAX_SAVED_ENTRIES),
});

export interface UpstreamWorkspacesStore {
  read(): SavedWorkspaces;
  /** Adds the entries whose path is new (in order, once each) and persists before returning. */
  add(kind: 'workspaces' | 'workspaceParents', items: readonly WorkspaceParentItem[]): SavedWorkspaces;
  /** Removes the entry with this exact path; false when there was none. */
  remove(kind: 'workspaces' | 'workspaceParents', path: string): boolean;
}

/**
 * `<data-dir>/upstream-workspaces.json` (0600, written atomically): the folders an upstream front end
 * (the Agent Canvas) lists in its workspace picker. Only a list: the routes check each path before
 * it is added, and a conversation's folder is checked again when it is created. Throws SettingsError
 * `corrupt_settings` for a file it cannot read back (never overwritten then), `settings_io` on a failed write;
 * RuntimeError `invalid_request` past MAX_SAVED_ENTRIES.
 */
export function createUpstreamWorkspacesStore(dataDir: string): UpstreamWorkspacesStore {
  const path = join(dataDir, 'upstream-workspaces.json');
  const read = (): SavedWorkspaces => readSaved(path);
  const write = (saved: SavedWorkspaces) => {
    try {
      writeFileAtomic(path, `${JSON.stringify({ schema_version: 1, ...saved }, null, 2)}\n`, 0o600);
    } catch (error) {
      throw new SettingsError('settings_io', `cannot write ${path}: ${String(error)}`);
    }
  };
  return {
    read,
    add(kind, items) {
      const saved = read();
      const list: WorkspaceParentItem[] = saved[kind];
      const seen = new Set(list.map((item) => item.path));
      for (const item of items) {
        if (seen.has(item.path)) continue;
        seen.add(item.path);
        list.push(item);
      }
      if (list.length > MAX_SAVED_ENTRIES) {
        throw new RuntimeError('invalid_request', `At most ${MAX_SAVED_ENTRIES} saved entries of each kind`);
      }
      write(saved);
      return saved;
    },
    remove(kind, removed) {
      const saved = read();
      const before = saved[kind].length;
      const kept = saved[kind].filter((item) => item.path !== removed);
      if (kept.length === before) return false;
      write({ ...saved, [kind]: kept });
      return true;
    },
  };
}

function readSaved(path: string): SavedWorkspaces {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { workspaces: [], workspaceParents: [] };
    throw new SettingsError('settings_io', `cannot read ${path}: ${String(error)}`);
  }
  try {
    const { workspaces, workspaceParents } = FileSchema.parse(JSON.parse(text));
    return { workspaces, workspaceParents };
  } catch {
    throw new SettingsError('corrupt_settings', `${path} is not a saved-workspaces file; fix or remove it`);
  }
}
