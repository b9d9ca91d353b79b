import { z } from 'zod';

/** Query and answer schemas of /api/file/* (upstream's names; unknown query parameters are ignored, as upstream does). */

/** Upstream's boolean query form: FastAPI takes true/false, 1/0, yes/no, on/off. */
const queryBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value))
  .default(false);

export const FilePathQuerySchema = z.object({
  /** Absolute path on the runtime's machine. */
  path: z.string().min(1).max(4096),
});

export const HomeQuerySchema = z.object({ include_hidden: queryBoolean });

export const SearchSubdirsQuerySchema = z.object({
  path: z.string().min(1).max(4096),
  page_id: z.string().max(1024).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  include_hidden: queryBoolean,
});

export const TrajectoryParamsSchema = z.object({ conversation_id: z.string() });

export const UploadAnswerSchema = z.strictObject({
  success: z.literal(true),
  /** Bytes written (the upstream client reads `file_size` when present). */
  file_size: z.number().int(),
});

const BrowserEntrySchema = z.strictObject({ label: z.string(), path: z.string() });

export const HomeAnswerSchema = z.strictObject({
  home: z.string(),
  favorites: z.array(BrowserEntrySchema),
  locations: z.array(BrowserEntrySchema),
});

export const SubdirectoryPageSchema = z.strictObject({
  items: z.array(z.strictObject({ name: z.string(), path: z.string() })),
  next_page_id: z.string().nullable(),
});
