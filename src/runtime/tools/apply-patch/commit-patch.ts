import { link, rename, unlink } from 'node:fs/promises';
import type { ConfinedTarget } from '../../sandbox/confined-files/confined-path';
import type { ConfinedRoot } from '../../sandbox/confined-files/confined-root';
import { confinementMessage } from '../file-editor/confinement-message';
import { gitControlRefusal } from '../file-editor/git-control-refusal';
import { type PinnedDirectory, procPath } from '../../sandbox/confined-files/pinned-directory';
import { fileSystemError } from '../../sandbox/confined-files/read-text-file';
import { siblingName, writePinnedTemporary } from '../../sandbox/confined-files/write-pinned-temporary';
import type { PlannedChange } from './planned-change';
import { type ConfinedRequest, withConfinedPaths } from './with-confined-paths';

/** A name the commit writes (`content`) or removes (`content` undefined), with what must be there now. */
interface Slot {
  path: string;
  /** The text the plan read there; undefined: the name must not exist. */
  expected: string | undefined;
  /** The text to put there; undefined: remove the name. */
  content: string | undefined;
  mode?: number;
}

/** An undoable step already taken: put `backup` back as `name`, or remove `name` (no backup). */
interface Done {
  parent: PinnedDirectory;
  name: string;
  backup: string | undefined;
}

/**
 * Writes a plan all or nothing. Every name is pinned first (folders for new files made on the way);
 * each is checked to hold what the plan read (a file changed meanwhile refuses the whole patch);
 * every new text is written to a temporary file beside its name and every file to be replaced or
 * removed is hard-linked to a backup; only then are names renamed into place and removed. If any
 * of those steps fails, the ones taken are undone from the backups, so the workspace is as before
 * (folders made for new files may stay). Returns an error text the model reads, or undefined.
 */
export async function commitPatch(
  changes: readonly PlannedChange[],
  roots: readonly ConfinedRoot[],
  workspaceDir: string,
): Promise<string | undefined> {
  const slots = changes.flatMap(slotsOf);
  const requests: ConfinedRequest[] = slots.map((slot) => ({
    path: slot.path,
    options: { write: true, createParents: slot.expected === undefined },
  }));
  try {
    const result = await withConfinedPaths(roots, requests, (targets) => writeSlots(slots, targets));
    if (!result.ok) return confinementMessage(result.failure, result.path, workspaceDir, 'apply_patch');
    return result.value;
  } catch (error) {
    if (error instanceof Error && 'code' in error)
      return notApplied(fileSystemError(error as NodeJS.ErrnoException, 'a file of the patch'));
    throw error;
  }
}

function slotsOf(change: PlannedChange): Slot[] {
  const mode = change.mode === undefined ? {} : { mode: change.mode };
  switch (change.type) {
    case 'add':
      return [{ path: change.path, expected: undefined, content: change.newContent ?? '' }];
    case 'delete':
      return [{ path: change.path, expected: change.oldContent, content: undefined }];
    case 'update':
      if (change.movePath === undefined)
        return [{ path: change.path, expected: change.oldContent, content: change.newContent, ...mode }];
      return [
        { path: change.movePath, expected: undefined, content: change.newContent, ...mode },
        { path: change.path, expected: change.oldContent, content: undefined },
      ];
  }
}

async function writeSlots(
  slots: readonly Slot[],
  targets: readonly ConfinedTarget[],
): Promise<string | undefined> {
  const changed = await firstChanged(slots, targets);
  if (changed !== undefined) return notApplied(changed);
  const temporaries: Array<string | undefined> = [];
  const backups: Array<string | undefined> = [];
  const done: Done[] = [];
  try {
    for (const [index, slot] of slots.entries()) {
      const target = targets[index] as ConfinedTarget;
      temporaries.push(
        slot.content === undefined
          ? undefined
          : await writePinnedTemporary(target.parent, target.name, slot.content, slot.mode),
      );
      const backup = slot.expected === undefined ? undefined : siblingName(target.name, 'bak');
      if (backup !== undefined)
        await link(procPath(target.parent, target.name), procPath(target.parent, backup));
      backups.push(backup);
    }
    for (const [index, target] of targets.entries()) {
      const temporary = temporaries[index];
      if (temporary === undefined) await unlink(procPath(target.parent, target.name));
      else await rename(procPath(target.parent, temporary), procPath(target.parent, target.name));
      done.push({ parent: target.parent, name: target.name, backup: backups[index] });
      temporaries[index] = undefined;
    }
  } catch (error) {
    await undo(done);
    throw error;
  } finally {
    await removeLeftovers(targets, temporaries, backups);
  }
  await Promise.all(targets.map((target) => target.parent.handle.sync()));
  return undefined;
}

/** The first name that no longer holds what the plan read (changed by something else meanwhile). */
async function firstChanged(
  slots: readonly Slot[],
  targets: readonly ConfinedTarget[],
): Promise<string | undefined> {
  for (const [index, slot] of slots.entries()) {
    const target = targets[index] as ConfinedTarget;
    const linked = gitControlRefusal([target.path]);
    if (linked !== undefined) return linked.replace('the file editor', 'apply_patch');
    if (slot.expected === undefined) {
      if (target.handle !== undefined) return `${slot.path} appeared while the patch was being applied.`;
      continue;
    }
    const now = target.handle === undefined ? undefined : (await target.handle.readFile()).toString('utf8');
    if (now !== slot.expected) return `${slot.path} changed while the patch was being applied.`;
  }
  return undefined;
}

async function undo(done: readonly Done[]): Promise<void> {
  for (const step of [...done].reverse()) {
    const name = procPath(step.parent, step.name);
    // Best effort, in reverse order: each step puts back what it replaced or removed.
    if (step.backup === undefined) await unlink(name).catch(() => undefined);
    else await rename(procPath(step.parent, step.backup), name).catch(() => undefined);
  }
}

async function removeLeftovers(
  targets: readonly ConfinedTarget[],
  temporaries: ReadonlyArray<string | undefined>,
  backups: ReadonlyArray<string | undefined>,
): Promise<void> {
  const names = targets.flatMap((target, index) =>
    [temporaries[index], backups[index]].flatMap((name) =>
      name === undefined ? [] : [procPath(target.parent, name)],
    ),
  );
  // Gone already (renamed into place) or never made: nothing to remove.
  await Promise.all(names.map((name) => unlink(name).catch(() => undefined)));
}

function notApplied(why: string): string {
  return `The patch was not applied: ${why} Nothing was changed; read the files again and retry.`;
}
