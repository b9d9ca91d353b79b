import { resolve } from 'node:path';
import type { EventStore } from '../store/event-store';
import { isInside } from '../sandbox/toolchain-roots';
import { conversationWorkspaces } from './conversation-workspaces';

/**
 * True when a stored conversation other than `id` has its workspace in `folder` (or is `folder`):
 * deleting that folder would pull the floor from under it, and its agent could change the folder
 * while it is deleted.
 */
export async function othersWorkingIn(store: EventStore, id: string, folder: string): Promise<boolean> {
  const workspaces = await conversationWorkspaces(store);
  return workspaces.some((other) => other.id !== id && isInside(resolve(other.workspace_dir), folder));
}
