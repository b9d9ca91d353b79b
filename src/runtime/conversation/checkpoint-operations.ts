import { storedSandbox } from '../sandbox/sandbox-kind';
import { posix } from 'node:path';
import type { CheckpointStore, FileChange, FileDiff, SkippedFile } from '../checkpoints/checkpoint-store';
import { UnknownCheckpointError } from '../checkpoints/unknown-checkpoint-error';
import type { Event } from '../events';
import type { SecretRegistry } from '../secrets/create-secret-registry';
import type { ConversationRecord } from '../store/event-store';
import { WorkspaceError } from '../sandbox/workspace-error';
import type { ConversationCheckpoints } from './conversation-checkpoints';
import type { ConversationRegistry } from './conversation-registry';
import { RuntimeError } from '../errors/runtime-error';

/** One step's checkpoint: the workspace just before the step's actions ran. */
export interface CheckpointItem {
  id: string;
  /** The step's first action that carries it. */
  event_id: string;
  seq: number;
  created_at: string;
}

export interface ChangesAnswer {
  from: string;
  to: string;
  files: FileChange[];
  /** With `to=now`: files the fresh snapshot left out (too large, binary, …). */
  skipped: SkippedFile[];
}

export interface FileAtCheckpoint {
  path: string;
  at: string;
  binary: boolean;
  size: number;
  /** Text (secrets masked); null for a binary file. */
  content: string | null;
  /** Cut at FILE_CONTENT_LIMIT bytes. */
  truncated: boolean;
}

export interface RestoreAnswer {
  files: FileChange[];
  /** Absent for a dry run. */
  event_id?: string;
  backup_checkpoint_id?: string;
}

/** What the checkpoint routes ask of the runtime. Every path is relative to the workspace, with `/`. */
export interface CheckpointOperations {
  /** One per step that has one, in log order on the active branch. Throws conversation_not_found. */
  listCheckpoints(id: string): Promise<CheckpointItem[]>;
  /** `from`: a checkpoint or `start` (the first); `to`: a checkpoint or `now`. */
  changes(id: string, from: string, to: string): Promise<ChangesAnswer>;
  /** Throws file_not_changed when the file is the same in both. */
  fileDiff(id: string, path: string, from: string, to: string): Promise<FileDiff>;
  /** Throws file_not_found. */
  fileAt(id: string, path: string, at: string): Promise<FileAtCheckpoint>;
  /**
   * Puts the workspace's files back to a checkpoint and records a FilesRestoredEvent (a dry run only
   * says what would change). Throws conversation_already_running while a run goes.
   */
  restoreFiles(id: string, request: { checkpoint_id: string; dry_run?: boolean }): Promise<RestoreAnswer>;
  /** A run may not start while a restore writes the workspace. */
  isRestoring(id: string): boolean;
}

export const FILE_CONTENT_LIMIT = 1024 * 1024;
const BINARY_SNIFF_BYTES = 8000;

export function createCheckpointOperations(ports: {
  registry: ConversationRegistry;
  checkpoints: ConversationCheckpoints;
  secrets: SecretRegistry;
  requireRecord(id: string): Promise<ConversationRecord>;
  branchOf(id: string): Promise<readonly Event[]>;
  /** Every event of the conversation, all branches. */
  allEvents(id: string): Promise<readonly Event[]>;
  newId(): string;
  now(): string;
}): CheckpointOperations {
  const restoring = new Set<string>();

  async function storeOf(id: string): Promise<CheckpointStore> {
    const record = await ports.requireRecord(id);
    const store = ports.checkpoints.of(id, record.workspace_dir, storedSandbox(record.sandbox));
    if (!store) throw new RuntimeError('checkpoints_unavailable');
    return store;
  }

  /** A checkpoint this conversation recorded (on any branch); `start`: its first, undefined when none. */
  async function resolve(id: string, ref: string): Promise<string | undefined> {
    if (ref === 'start') return checkpointsOn(await ports.branchOf(id))[0]?.id;
    if (!knownCheckpoints(await ports.allEvents(id)).has(ref)) throw new RuntimeError('checkpoint_not_found');
    return ref;
  }

  const redact = <T>(value: T, id: string): T => ports.secrets.redactDeep(value, id);

  async function restoreOrPreview(id: string, request: { checkpoint_id: string; dry_run?: boolean }) {
    const live = await ports.registry.acquire(id);
    try {
      if (live.isRunning()) throw new RuntimeError('conversation_already_running');
      const store = await storeOf(id);
      const checkpoint = (await resolve(id, request.checkpoint_id)) as string;
      if (request.dry_run) return redact({ files: await store.previewRestore(checkpoint) }, id);
      const result = await store.restore(checkpoint);
      const event = await live.log.append({
        kind: 'FilesRestoredEvent',
        id: ports.newId(),
        timestamp: ports.now(),
        source: 'user',
        checkpoint_id: checkpoint,
        backup_checkpoint_id: result.backup.id,
        files: result.changed,
      });
      return redact(
        { files: result.changed, event_id: event.id, backup_checkpoint_id: result.backup.id },
        id,
      );
    } finally {
      ports.registry.release(id);
    }
  }

  const operations: CheckpointOperations = {
    async listCheckpoints(id) {
      await ports.requireRecord(id);
      return checkpointsOn(await ports.branchOf(id));
    },
    async changes(id, from, to) {
      const store = await storeOf(id);
      const start = await resolve(id, from);
      const end = to === 'now' ? undefined : await resolve(id, to);
      if (start === undefined) return { from, to, files: [], skipped: [] };
      if (end !== undefined)
        return redact({ from, to, files: await store.changes(start, end), skipped: [] }, id);
      const snapshot = await store.snapshot();
      // A file that grew past the snapshot's limits is left out of it, so git sees it as deleted;
      // it is still there, and listed under `skipped` instead.
      const skippedPaths = new Set(snapshot.skipped.map((file) => file.path));
      const files = (await store.changes(start, snapshot.id)).filter(
        (file) => !(file.status === 'deleted' && skippedPaths.has(file.path)),
      );
      return redact({ from, to, files, skipped: snapshot.skipped }, id);
    },
    async fileDiff(id, path, from, to) {
      const store = await storeOf(id);
      const file = relativePath(path);
      const start = await resolve(id, from);
      const end = to === 'now' ? 'now' : await resolve(id, to);
      if (start === undefined || end === undefined) throw new RuntimeError('file_not_changed');
      const diff = await store.diff(start, end, file);
      if (!diff) throw new RuntimeError('file_not_changed');
      return redact(diff, id);
    },
    async fileAt(id, path, at) {
      const store = await storeOf(id);
      const file = relativePath(path);
      const ref = at === 'now' ? 'now' : await resolve(id, at);
      if (ref === undefined) throw new RuntimeError('file_not_found');
      const bytes = await store.readFile(ref, file);
      if (!bytes) throw new RuntimeError('file_not_found');
      return { path: file, at, ...fileContent(bytes, (text) => ports.secrets.redact(text, id)) };
    },
    async restoreFiles(id, request) {
      if (restoring.has(id)) throw new RuntimeError('conversation_already_running');
      // Taken before the first await: a run asked for from now on is refused (see isRestoring).
      if (!request.dry_run) restoring.add(id);
      try {
        return await restoreOrPreview(id, request);
      } finally {
        if (!request.dry_run) restoring.delete(id);
      }
    },
    isRestoring: (id) => restoring.has(id),
  };
  return {
    ...operations,
    changes: (...args) => mapEngineErrors(operations.changes(...args)),
    fileDiff: (...args) => mapEngineErrors(operations.fileDiff(...args)),
    fileAt: (...args) => mapEngineErrors(operations.fileAt(...args)),
    restoreFiles: (...args) => mapEngineErrors(operations.restoreFiles(...args)),
  };
}

/** A checkpoint the log names but the shadow repository lacks (its copy failed, it was removed): 404. */
async function mapEngineErrors<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof UnknownCheckpointError) throw new RuntimeError('checkpoint_not_found');
    throw error;
  }
}

/** The steps' checkpoints on a branch, in order, one per step. */
export function checkpointsOn(branch: readonly Event[]): CheckpointItem[] {
  const items: CheckpointItem[] = [];
  const seen = new Set<string>();
  for (const event of branch) {
    if (event.kind !== 'ActionEvent' || !event.checkpoint_id) continue;
    const step = `${event.llm_response_id}\u0000${event.checkpoint_id}`;
    if (seen.has(step)) continue;
    seen.add(step);
    items.push({ id: event.checkpoint_id, event_id: event.id, seq: event.seq, created_at: event.timestamp });
  }
  return items;
}

/** Every checkpoint id a conversation's log names: steps', restores' targets and their backups. */
export function knownCheckpoints(events: readonly Event[]): Set<string> {
  const ids = new Set<string>();
  for (const event of events) {
    if (event.kind === 'ActionEvent' && event.checkpoint_id) ids.add(event.checkpoint_id);
    if (event.kind === 'FilesRestoredEvent') {
      ids.add(event.checkpoint_id);
      ids.add(event.backup_checkpoint_id);
    }
  }
  return ids;
}

/**
 * A workspace-relative path as the store takes it (`/`, no `.` segments). Absolute, `..`-escaping or
 * NUL-holding paths are refused as path_outside_workspace.
 */
export function relativePath(path: string): string {
  const outside = () =>
    new WorkspaceError('path_outside_workspace', `${path} is not inside the conversation's workspace`);
  if (path.includes('\0') || path.includes('\\') || posix.isAbsolute(path)) throw outside();
  const normalized = posix.normalize(path);
  if (normalized === '..' || normalized.startsWith('../') || normalized === '.' || normalized === '')
    throw outside();
  return normalized.replace(/\/$/, '');
}

function fileContent(
  bytes: Buffer,
  redact: (text: string) => string,
): { binary: boolean; size: number; content: string | null; truncated: boolean } {
  const size = bytes.length;
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0))
    return { binary: true, size, content: null, truncated: false };
  const truncated = size > FILE_CONTENT_LIMIT;
  const kept = truncated ? bytes.subarray(0, FILE_CONTENT_LIMIT) : bytes;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(kept, { stream: truncated });
    return { binary: false, size, content: redact(text), truncated };
  } catch {
    return { binary: true, size, content: null, truncated: false };
  }
}
