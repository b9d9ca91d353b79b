import { dirname, join, relative, sep } from 'node:path';
import { MAX_INSTRUCTION_BYTES, wrapInstructions } from './instruction-files';
import { readConfinedText } from './workspace-reads';

/**
 * AGENTS.md files below the workspace root apply to what is below them: the first time the agent
 * touches a path under such a folder, the file is handed to it (wrapped as untrusted), once per
 * folder. Memory only: after a runtime restart a folder's notes may be handed over once more.
 */
export function createNestedInstructions(workspaceDir: string) {
  const handed = new Set<string>();
  /** The notes to add for a touch of `absolutePath` (a file, or a folder when `isFolder`). */
  return async function notesFor(absolutePath: string, isFolder: boolean): Promise<string[]> {
    const fromRoot = relative(workspaceDir, isFolder ? absolutePath : dirname(absolutePath));
    if (fromRoot === '' || fromRoot === '..' || fromRoot.startsWith(`..${sep}`)) return [];
    const names = fromRoot.split(sep);
    const notes: string[] = [];
    for (let depth = 1; depth <= names.length; depth++) {
      const folder = names.slice(0, depth).join('/');
      if (handed.has(folder)) continue;
      handed.add(folder);
      const file = join(folder, 'AGENTS.md');
      const content = await readConfinedText(workspaceDir, file, MAX_INSTRUCTION_BYTES);
      if (content !== undefined && content.trim() !== '') notes.push(wrapInstructions(file, content));
    }
    return notes;
  };
}
