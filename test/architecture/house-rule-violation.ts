/** The rules the house-rules test enforces, each named as its failure message says it. */
export type HouseRule =
  | 'file-lines'
  | 'function-lines'
  | 'import-cycle'
  | 'type-only-circle'
  | 'upward-import'
  | 'folder-cycle';

/**
 * One broken rule. `paths` are the files or folders it involves (a cycle involves several), which
 * is what a pending entry matches; `message` names the file, the line and the limit.
 */
export interface HouseRuleViolation {
  rule: HouseRule;
  paths: string[];
  message: string;
}

export const FILE_LINE_LIMIT = 400;
export const FUNCTION_LINE_LIMIT = 150;
