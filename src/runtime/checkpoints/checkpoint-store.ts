/**
 * Checkpoints: snapshots of a conversation's workspace in a shadow git repository in the data dir
 * (never the workspace's own `.git`), taken before each step that may change files, so people can see
 * what the agent changed and put it back. This file is the interface; createCheckpointStore implements it.
 */

/** One snapshot: a commit in the shadow repository. */
export interface Checkpoint {
  /** The shadow commit's id (40 hex). */
  id: string;
  created_at: string;
  /** Files left out of this snapshot (too large, binary over the limit, unreadable): kept as they are on restore. */
  skipped: SkippedFile[];
}

export interface SkippedFile {
  path: string;
  reason: 'too_large' | 'binary' | 'unreadable' | 'nested_repository' | 'too_many_files';
  size?: number;
}

export type FileChangeStatus = 'added' | 'modified' | 'deleted' | 'renamed';

/** A file that differs between two states of the workspace; paths are relative, with `/`. */
export interface FileChange {
  path: string;
  /** For a rename: where it was. */
  old_path?: string;
  status: FileChangeStatus;
  binary: boolean;
  /** Lines added and removed (0 for binary files). */
  additions: number;
  deletions: number;
}

export interface FileDiff extends FileChange {
  /** A unified diff (`---`/`+++` headers, hunks); empty for binary files. */
  unified: string;
  /** The diff was cut at the size limit. */
  truncated: boolean;
}

/** `now`: the workspace as it is at this moment (a fresh snapshot is taken to compare). */
export type CheckpointRef = string | 'now';

export interface RestoreResult {
  /** The snapshot taken just before restoring: restoring to it undoes the restore. */
  backup: Checkpoint;
  /** What the restore changed in the workspace (from the backup's state to the checkpoint's). */
  changed: FileChange[];
}

export interface CheckpointStore {
  /** Snapshots the workspace now. Incremental: unchanged files cost a stat, not a read. */
  snapshot(): Promise<Checkpoint>;
  /** Files that differ from `from` to `to`. */
  changes(from: string, to: CheckpointRef): Promise<FileChange[]>;
  /** One file's diff from `from` to `to`; null when the file is the same in both. */
  diff(from: string, to: CheckpointRef, path: string): Promise<FileDiff | null>;
  /** A file's bytes at a checkpoint (`now`: in the workspace); null when it does not exist there. */
  readFile(at: CheckpointRef, path: string): Promise<Buffer | null>;
  /** What restoring `checkpoint` would change in the workspace now (nothing is written). */
  previewRestore(checkpoint: string): Promise<FileChange[]>;
  /**
   * Makes the workspace's files match `checkpoint`: changed files are put back, files added since are
   * removed, deleted ones come back. Ignored files (.gitignore) and files the checkpoint skipped are
   * left as they are. A backup snapshot is taken first.
   */
  restore(checkpoint: string): Promise<RestoreResult>;
  /** Writes the workspace as of `checkpoint` into `target` (an empty or new folder). */
  materialize(checkpoint: string, target: string): Promise<void>;
  /** Deletes the shadow repository. */
  remove(): Promise<void>;
}
