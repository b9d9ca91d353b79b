/** Which folder to list for what is typed, and the start of a name to narrow it to. */
export interface FolderQuery {
  /** Absolute folder to ask `search_subdirs` about; undefined: the home folder's. */
  parent: string | undefined;
  /** Lower-case start of the sub-folder names to keep ('' keeps all). */
  prefix: string;
}

/**
 * "/home/ada/pro" lists /home/ada narrowed to "pro…"; "/home/ada/" lists everything in /home/ada;
 * empty or relative text lists the home folder's. Pure.
 */
export function folderQuery(typed: string): FolderQuery {
  const text = typed.trim();
  if (!text.startsWith('/')) return { parent: undefined, prefix: text.toLowerCase() };
  const cut = text.lastIndexOf('/');
  return { parent: text.slice(0, cut) || '/', prefix: text.slice(cut + 1).toLowerCase() };
}

/** The sub-folders whose name starts with the prefix, case ignored. Pure. */
export function narrowFolders<T extends { name: string }>(folders: readonly T[], prefix: string): T[] {
  return prefix === ''
    ? [...folders]
    : folders.filter((folder) => folder.name.toLowerCase().startsWith(prefix));
}
