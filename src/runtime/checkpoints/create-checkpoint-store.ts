import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RuntimeLogger } from '../logging/runtime-logger';
import { realHostView } from '../sandbox/host-view';
import { permittedPath, type WorkspaceConfinement } from '../sandbox/workspace-confinement';
import { WorkspaceError } from '../sandbox/workspace-error';
import { type CheckpointLimits, DEFAULT_CHECKPOINT_LIMITS } from './checkpoint-limits';
import type { Checkpoint, CheckpointRef, CheckpointStore, FileChange, FileDiff } from './checkpoint-store';
import { parseTreeChanges } from './parse-tree-changes';
import { ensureShadowRepository } from './ensure-shadow-repository';
import { runExclusive } from './run-exclusive';
import { runShadowScript, type ShadowScriptResult } from './run-shadow-script';
import {
  CHANGES_NOW_SCRIPT,
  CHANGES_SCRIPT,
  DIFF_SCRIPT,
  MATERIALIZE_SCRIPT,
  READ_BLOB_SCRIPT,
  READ_NOW_SCRIPT,
  RESTORE_SCRIPT,
  SNAPSHOT_SCRIPT,
} from './shadow-scripts';
import { UnknownCheckpointError } from './unknown-checkpoint-error';

export interface CheckpointStoreOptions {
  /** The conversation's shadow repository: `<data-dir>/checkpoints/<hex conversation id>`; made on first snapshot. */
  shadowDir: string;
  /** The conversation's workspace (the shadow repository's work tree). */
  workspaceDir: string;
  confinement: WorkspaceConfinement;
  limits?: Partial<CheckpointLimits>;
  /** Told when the shadow repository was found incomplete (a kill while it was made) and repaired. */
  logger?: RuntimeLogger;
  /** Named in those log lines. */
  conversationId?: string;
}

const CHECKPOINT_ID = /^[0-9a-f]{40}$/;

/** Shadow-repository checkpoints of one conversation's workspace (see CheckpointStore). */
export function createCheckpointStore(options: CheckpointStoreOptions): CheckpointStore {
  const limits: CheckpointLimits = { ...DEFAULT_CHECKPOINT_LIMITS, ...options.limits };
  const { confinement, shadowDir } = options;
  const exclusive = <T>(task: () => Promise<T>) => runExclusive(shadowDir, task);

  const ensureShadow = shadowRepositoryGuard(options);

  const run = async (
    script: string,
    env: Record<string, string>,
    write: { workTree?: string; writable?: boolean } = {},
  ): Promise<ShadowScriptResult> => {
    await ensureShadow();
    const workTree = write.workTree ?? permittedPath(confinement, options.workspaceDir);
    const result = await runShadowScript({
      confinement,
      shadowDir,
      workTree,
      writeWorkTree: write.writable ?? false,
      script,
      env: {
        MAX_SIZE: String(limits.maxFileBytes),
        MAX_BINARY: String(limits.maxBinaryBytes),
        MAX_FILES: String(limits.maxFiles),
        REVS: '',
        ...env,
      },
      timeoutMs: limits.timeoutMs,
    });
    if (result.exitCode === 4) throw new UnknownCheckpointError(env.REVS ?? '');
    return result;
  };

  const snapshotNow = async (): Promise<Checkpoint> => {
    const created = new Date();
    const stamp = `${Math.floor(created.getTime() / 1000)} +0000`;
    const result = await run(SNAPSHOT_SCRIPT, { GIT_AUTHOR_DATE: stamp, GIT_COMMITTER_DATE: stamp });
    return { id: required(result.commit), created_at: created.toISOString(), skipped: result.skipped };
  };

  const changesBetween = async (from: string, to: CheckpointRef) => {
    checkId(from);
    if (to === 'now') {
      const result = await run(CHANGES_NOW_SCRIPT, { FROM: from, REVS: from });
      return { changes: parseTreeChanges(result.rest), to: required(result.tree) };
    }
    checkId(to);
    const result = await run(CHANGES_SCRIPT, { FROM: from, TO: to, REVS: `${from} ${to}` });
    if (result.exitCode !== 0) throw new WorkspaceError('git_failed', 'Cannot compare the checkpoints');
    return { changes: parseTreeChanges(result.rest), to };
  };

  const restoreScript = async (checkpoint: string, apply: boolean) => {
    checkId(checkpoint);
    const created = new Date();
    const stamp = `${Math.floor(created.getTime() / 1000)} +0000`;
    const result = await run(
      RESTORE_SCRIPT,
      {
        CHECKPOINT: checkpoint,
        REVS: checkpoint,
        APPLY: apply ? '1' : '0',
        GIT_AUTHOR_DATE: stamp,
        GIT_COMMITTER_DATE: stamp,
      },
      { writable: apply },
    );
    if (result.exitCode !== 0) throw new WorkspaceError('git_failed', 'Cannot restore the checkpoint');
    return { result, created };
  };

  return {
    snapshot: () => exclusive(snapshotNow),

    changes: (from, to) => exclusive(async () => (await changesBetween(from, to)).changes),

    diff: (from, to, path) =>
      exclusive(async () => {
        const wanted = checkPath(path);
        const { changes, to: toRev } = await changesBetween(from, to);
        const change = changes.find((entry) => entry.path === wanted || entry.old_path === wanted);
        if (change === undefined) return null;
        const result = await run(DIFF_SCRIPT, {
          FROM: from,
          TO: toRev,
          OLD_PATH: change.old_path ?? change.path,
          NEW_PATH: change.path,
          MAX_BYTES: String(limits.maxDiffBytes + 1),
        });
        return unifiedDiff(change, result.rest, limits.maxDiffBytes);
      }),

    readFile: (at, path) =>
      exclusive(async () => {
        const file = checkPath(path);
        if (file.split('/').some((part) => part.toLowerCase() === '.git')) return null;
        const result =
          at === 'now'
            ? await run(READ_NOW_SCRIPT, { FILE: file })
            : await run(READ_BLOB_SCRIPT, { REV: checkId(at), FILE: file, REVS: at });
        if (result.exitCode !== 0) return null;
        return Buffer.from(result.rest, 'base64');
      }),

    previewRestore: (checkpoint) =>
      exclusive(async () => parseTreeChanges((await restoreScript(checkpoint, false)).result.rest)),

    restore: (checkpoint) =>
      exclusive(async () => {
        const { result, created } = await restoreScript(checkpoint, true);
        return {
          backup: { id: required(result.commit), created_at: created.toISOString(), skipped: result.skipped },
          changed: parseTreeChanges(result.rest),
        };
      }),

    materialize: (checkpoint, target) =>
      exclusive(async () => {
        checkId(checkpoint);
        permittedPath(confinement, target);
        await mkdir(target, { recursive: true });
        if ((await readdir(target)).length > 0) {
          throw new WorkspaceError('invalid_path', `${target} is not empty`);
        }
        const workTree = realHostView.realPath(target);
        const result = await run(
          MATERIALIZE_SCRIPT,
          { CHECKPOINT: checkpoint, REVS: checkpoint },
          {
            workTree,
            writable: true,
          },
        );
        if (result.exitCode !== 0) throw new WorkspaceError('git_failed', 'Cannot write the checkpoint');
      }),

    remove: () => exclusive(() => rm(shadowDir, { recursive: true, force: true })),
  };
}

/** Checked once per store (and again if the folder went away): made whole before git touches it. */
function shadowRepositoryGuard(options: CheckpointStoreOptions): () => Promise<void> {
  const { shadowDir } = options;
  let verified = false;
  return async () => {
    if (verified && existsSync(join(shadowDir, 'HEAD'))) return;
    const state = await ensureShadowRepository(shadowDir);
    verified = true;
    if (state.kind === 'repaired') {
      options.logger?.warn(
        'checkpoint repository was incomplete (the runtime stopped while making it); repaired',
        {
          ...(options.conversationId ? { conversation_id: options.conversationId } : {}),
          shadow_dir: shadowDir,
          missing: state.missing,
        },
      );
    }
  };
}

function checkId(id: string): string {
  if (!CHECKPOINT_ID.test(id)) throw new WorkspaceError('invalid_ref', 'A checkpoint id is 40 hex digits');
  return id;
}

/** A workspace-relative path with `/`: no `..`, no absolute path, no empty or `.` part. */
function checkPath(path: string): string {
  const parts = path.split('/');
  if (path.includes('\0') || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new WorkspaceError(
      'path_outside_workspace',
      `${JSON.stringify(path)} is not a path inside the workspace`,
    );
  }
  return path;
}

function required(value: string | undefined): string {
  if (value === undefined || value === '')
    throw new WorkspaceError('git_failed', 'The snapshot produced no commit');
  return value;
}

function unifiedDiff(change: FileChange, text: string, maxBytes: number): FileDiff {
  if (change.binary) return { ...change, unified: '', truncated: false };
  const bytes = Buffer.from(text, 'utf8');
  const truncated = bytes.length > maxBytes;
  const unified = truncated ? bytes.subarray(0, maxBytes).toString('utf8') : text;
  return { ...change, unified, truncated };
}
