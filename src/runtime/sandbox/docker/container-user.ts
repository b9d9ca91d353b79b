import { lchownSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The user commands run as when the workspace belongs to root (CI and containers run as root). */
export const FALLBACK_CONTAINER_USER = { uid: 1000, gid: 1000 };

export type ContainerUser = { uid: number; gid: number } | { refused: string };

/**
 * Who runs commands in the container: the workspace owner, so what the agent writes stays theirs.
 * Never root: a root-owned workspace the runtime made itself (`adopt`) is handed to uid 1000, again
 * on every call, since the runtime (root) writes files in it too (the file editor); that walks the
 * tree, a cost only a runtime running as root pays. One a person picked is refused with what to do,
 * since chowning a person's folder is not ours to do.
 */
export function containerUser(workspaceDir: string, adopt: boolean): ContainerUser {
  const owner = lstatSync(workspaceDir);
  // An adopted workspace stays adopted: what the runtime (root) wrote in it since is handed over too.
  const adopted = adopt && owner.uid === FALLBACK_CONTAINER_USER.uid;
  if (owner.uid !== 0 && !adopted) return { uid: owner.uid, gid: owner.gid };
  if (!adopt) {
    return {
      refused: `The workspace ${workspaceDir} belongs to root, and the container sandbox runs commands as a regular user (uid ${FALLBACK_CONTAINER_USER.uid}), never root: pick a folder a regular user owns, or give this one to one (\`sudo chown -R ${FALLBACK_CONTAINER_USER.uid}:${FALLBACK_CONTAINER_USER.gid} ${workspaceDir}\`).`,
    };
  }
  chownTree(workspaceDir, FALLBACK_CONTAINER_USER.uid, FALLBACK_CONTAINER_USER.gid);
  return FALLBACK_CONTAINER_USER;
}

/** Gives a folder the runtime made, and everything in it, to `uid:gid`; links are changed, never followed. */
export function chownTree(path: string, uid: number, gid: number): void {
  const stat = lstatSync(path);
  if (stat.uid !== uid || stat.gid !== gid) lchownSync(path, uid, gid);
  if (!stat.isDirectory()) return;
  for (const name of readdirSync(path)) chownTree(join(path, name), uid, gid);
}
