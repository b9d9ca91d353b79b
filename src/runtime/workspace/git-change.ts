import { z } from 'zod';

/** The agent server's statuses: a rename is a DELETED old path plus an ADDED new one. */
export const GitChangeStatusSchema = z.enum(['MOVED', 'ADDED', 'DELETED', 'UPDATED']);

export const GitChangeSchema = z.object({
  status: GitChangeStatusSchema,
  /** Relative to the folder asked about, with forward slashes. */
  path: z.string(),
});

/** Both sides of one file: null and null when it is in no repository. */
export const GitDiffSchema = z.object({
  modified: z.string().nullable(),
  original: z.string().nullable(),
});

export type GitChange = z.infer<typeof GitChangeSchema>;
export type GitDiff = z.infer<typeof GitDiffSchema>;
