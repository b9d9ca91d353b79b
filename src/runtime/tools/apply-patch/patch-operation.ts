/** One line of a hunk: kept (' '), removed ('-') or added ('+'), without its marker. */
export interface HunkLine {
  kind: ' ' | '-' | '+';
  text: string;
}

export interface Hunk {
  /** 1-based, as the patch names it for the model: "hunk 2 of src/a.ts". */
  number: number;
  /** A line that must come before the hunk (`@@ def main():` in the Begin Patch format). */
  anchor?: string;
  /** Where a unified diff says the hunk starts in the old file (1-based); a hint, not a rule. */
  oldStart?: number;
  lines: HunkLine[];
  /** The hunk's last line is the file's last line (`*** End of File`). */
  atEndOfFile: boolean;
}

/** One file's change, with paths as the patch wrote them. */
export type PatchOperation =
  | { type: 'add'; path: string; content: string }
  | { type: 'delete'; path: string }
  | { type: 'update'; path: string; movePath?: string; hunks: Hunk[] };

export type ParsedPatch = { ok: true; operations: PatchOperation[] } | { ok: false; error: string };
