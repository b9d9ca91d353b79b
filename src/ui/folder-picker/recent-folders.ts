/**
 * The workspace folders of the newest conversations, newest first, each once, those that start with
 * what is typed (case ignored), at most `max`. Pure.
 */
export function recentFolders(
  conversations: readonly { workspace: { working_dir: string } }[],
  typed: string,
  max = 5,
): string[] {
  const start = typed.trim().toLowerCase();
  const folders: string[] = [];
  for (const { workspace } of conversations) {
    const folder = workspace.working_dir;
    if (folder === '' || folders.includes(folder) || !folder.toLowerCase().startsWith(start)) continue;
    folders.push(folder);
    if (folders.length === max) break;
  }
  return folders;
}
