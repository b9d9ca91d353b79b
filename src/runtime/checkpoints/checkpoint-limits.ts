/** What a snapshot leaves out (each skipped file is reported in `Checkpoint.skipped`). */
export interface CheckpointLimits {
  /** Files larger than this are skipped (`too_large`). */
  maxFileBytes: number;
  /** Binary files (a NUL in the first 8000 bytes, as git decides) larger than this are skipped (`binary`). */
  maxBinaryBytes: number;
  /** Files past this count are skipped (`too_many_files`). */
  maxFiles: number;
  /** Bytes of a unified diff kept; the rest is cut (`truncated`). */
  maxDiffBytes: number;
  /** How long one operation (one sandboxed script) may take. */
  timeoutMs: number;
}

export const DEFAULT_CHECKPOINT_LIMITS: CheckpointLimits = {
  maxFileBytes: 2 * 1024 * 1024,
  maxBinaryBytes: 256 * 1024,
  maxFiles: 50_000,
  maxDiffBytes: 512 * 1024,
  timeoutMs: 120_000,
};
