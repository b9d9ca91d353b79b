import { isAbsolute, resolve } from 'node:path';
import { withConfinedPath } from '../../sandbox/confined-files/confined-path';
import type { ConfinedRoot } from '../../sandbox/confined-files/confined-root';
import { confinementMessage } from '../file-editor/confinement-message';
import { MAX_EDIT_BYTES } from '../file-editor/editor-outcome';
import { gitControlRefusal } from '../file-editor/git-control-refusal';
import { doesNotExist, fileSystemError, readTextFile } from '../../sandbox/confined-files/read-text-file';
import { applyHunks } from './apply-hunks';
import type { PatchOperation } from './patch-operation';
import type { PlannedChange } from './planned-change';

export type Plan = { ok: true; changes: PlannedChange[] } | { ok: false; error: string };

const TOOL = 'apply_patch';

/**
 * Checks every operation and computes every new text without writing anything: paths inside the
 * workspace (relative ones are taken from it), none named twice, none in git's control files, files
 * to update or delete existing as text, files to add absent, and every hunk applying. The first
 * problem ends the plan with an error naming the file (and hunk).
 */
export async function planPatch(
  operations: readonly PatchOperation[],
  roots: readonly ConfinedRoot[],
  workspaceDir: string,
): Promise<Plan> {
  const touched = new Set<string>();
  const changes: PlannedChange[] = [];
  for (const operation of operations) {
    const path = absolute(operation.path, workspaceDir);
    const movePath =
      operation.type === 'update' && operation.movePath !== undefined
        ? absolute(operation.movePath, workspaceDir)
        : undefined;
    for (const named of [path, movePath]) {
      if (named === undefined) continue;
      if (touched.has(named)) return fail(`${named} is named twice in the patch; change each file once.`);
      touched.add(named);
    }
    const refusal = gitControlRefusal([path, ...(movePath === undefined ? [] : [movePath])]);
    if (refusal !== undefined) return fail(refusal.replace('the file editor', TOOL));
    if (operation.type === 'add') {
      const absent = await checkAbsent(roots, path, workspaceDir);
      if (absent !== undefined) return fail(absent);
      changes.push({ type: 'add', path, newContent: operation.content });
      continue;
    }
    const read = await readExisting(roots, path, workspaceDir);
    if (!read.ok) return fail(read.error);
    if (operation.type === 'delete') {
      changes.push({ type: 'delete', path, oldContent: read.content, mode: read.mode });
      continue;
    }
    if (movePath !== undefined) {
      const absent = await checkAbsent(roots, movePath, workspaceDir);
      if (absent !== undefined) return fail(absent);
    }
    const applied = applyHunks(read.content, operation.hunks, path);
    if (!applied.ok) return fail(applied.error);
    changes.push({
      type: 'update',
      path,
      ...(movePath === undefined ? {} : { movePath }),
      oldContent: read.content,
      newContent: applied.content,
      mode: read.mode,
    });
  }
  return { ok: true, changes };
}

function absolute(path: string, workspaceDir: string): string {
  return isAbsolute(path) ? resolve(path) : resolve(workspaceDir, path);
}

function fail(error: string): Plan {
  return { ok: false, error };
}

async function readExisting(
  roots: readonly ConfinedRoot[],
  path: string,
  workspaceDir: string,
): Promise<{ ok: true; content: string; mode: number } | { ok: false; error: string }> {
  const result = await withConfinedPath(
    roots,
    path,
    { write: true, createParents: false },
    async (target) => {
      const linked = gitControlRefusal([target.path]);
      if (linked !== undefined) return { ok: false as const, error: linked.replace('the file editor', TOOL) };
      if (target.handle === undefined) return { ok: false as const, error: doesNotExist(path) };
      return readTextFile(target.handle, path, MAX_EDIT_BYTES, 'patch it');
    },
  ).catch((error: NodeJS.ErrnoException) => ({
    ok: true as const,
    value: { ok: false as const, error: fileSystemError(error, path) },
  }));
  if (!result.ok) return { ok: false, error: confinementMessage(result.failure, path, workspaceDir, TOOL) };
  return result.value;
}

/** Undefined when the path may be created (absent, its folders perhaps too); else why not. */
async function checkAbsent(
  roots: readonly ConfinedRoot[],
  path: string,
  workspaceDir: string,
): Promise<string | undefined> {
  const result = await withConfinedPath(
    roots,
    path,
    { write: true, createParents: false },
    async (target) => {
      const linked = gitControlRefusal([target.path]);
      if (linked !== undefined) return linked.replace('the file editor', TOOL);
      return target.handle === undefined
        ? undefined
        : `${path} already exists; update it (*** Update File) or delete it first.`;
    },
  ).catch((error: NodeJS.ErrnoException) => ({ ok: true as const, value: fileSystemError(error, path) }));
  if (result.ok) return result.value;
  // A folder on the way is missing: the commit makes it.
  if (result.failure.reason === 'file-system' && result.failure.error.code === 'ENOENT') return undefined;
  return confinementMessage(result.failure, path, workspaceDir, TOOL);
}
