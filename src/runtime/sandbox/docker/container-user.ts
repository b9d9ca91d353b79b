import { lchownSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The user commands run as when the workspace belongs to root (CI and containers run as root). */
export const FALLBACK_CONTAINER_USER = { uid: 1000, gid: 1000 };

/** A user commands run as. */
export interface ContainerUserId {
  uid: number;
  gid: number;
}

/** `adopt`: the workspace holds entries of another owner, to hand to this user first (adopt-workspace.ts). */
export type ContainerUser = (ContainerUserId & { adopt: boolean }) | { refused: string };

/**
 * Who runs commands in the container: the workspace owner, so what the agent writes stays theirs.
 * Never root: a root-owned workspace the runtime made itself goes to `adoptTo` (uid 1000 for its own
 * workspace, the source's owner for a branch folder it made), again whenever the runtime (root: the
 * file editor) wrote in it since, which this finds by walking the tree (a cost only a runtime running
 * as root pays). One a person picked (`adoptTo` undefined) is refused with what to do, since chowning
 * a person's folder is not ours to do. Reads only; never changes a file.
 */
export function containerUser(workspaceDir: string, adoptTo: ContainerUserId | undefined): ContainerUser {
  const user = intendedUser(workspaceDir, adoptTo);
  if ('refused' in user || adoptTo === undefined || user.uid !== adoptTo.uid) return user;
  return { ...adoptTo, adopt: hasOtherOwner(workspaceDir, adoptTo.uid) };
}

/** containerUser without the walk: the folder's owner, or `adoptTo` for a root-owned one (adopt unknown: false). */
export function intendedUser(workspaceDir: string, adoptTo: ContainerUserId | undefined): ContainerUser {
  const owner = lstatSync(workspaceDir);
  if (owner.uid !== 0) return { uid: owner.uid, gid: owner.gid, adopt: false };
  if (adoptTo === undefined) {
    return {
      refused: `The workspace ${workspaceDir} belongs to root, and the container sandbox runs commands as a regular user (uid ${FALLBACK_CONTAINER_USER.uid}), never root: pick a folder a regular user owns, or give this one to one (\`sudo chown -R ${FALLBACK_CONTAINER_USER.uid}:${FALLBACK_CONTAINER_USER.gid} ${workspaceDir}\`).`,
    };
  }
  return { uid: adoptTo.uid, gid: adoptTo.gid, adopt: false };
}

/** Whether anything in the tree is not `uid`'s; links are looked at, never followed. Read-only. */
function hasOtherOwner(path: string, uid: number): boolean {
  try {
    const stat = lstatSync(path);
    if (stat.uid !== uid) return true;
    if (!stat.isDirectory()) return false;
    return readdirSync(path).some((name) => hasOtherOwner(join(path, name), uid));
  } catch {
    // gone while walked (the agent works in it too): nothing there to hand over
    return false;
  }
}

/**
 * Gives a folder the runtime owns and the agent never writes (its saved outputs, the scripts folder,
 * a checkpoint's shadow repository), and everything in it, to `uid:gid`. Never for the workspace:
 * the agent could swap a folder for a link while this walks (adopt-workspace.ts chowns that one).
 */
export function chownTree(path: string, uid: number, gid: number): void {
  const stat = lstatSync(path);
  if (stat.uid !== uid || stat.gid !== gid) lchownSync(path, uid, gid);
  if (!stat.isDirectory()) return;
  for (const name of readdirSync(path)) chownTree(join(path, name), uid, gid);
}
