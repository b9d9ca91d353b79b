import type { ProjectFile } from './project-files';
import { FILE_LINE_LIMIT, type HouseRuleViolation } from './house-rule-violation';

/** Lines as `wc -l` counts them, plus an unterminated last line. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** Files longer than the limit (400 lines by the house style). */
export function findLongFiles(files: ProjectFile[], limit = FILE_LINE_LIMIT): HouseRuleViolation[] {
  return files.flatMap((file) => {
    const lines = countLines(file.text);
    if (lines <= limit) return [];
    return [
      {
        rule: 'file-lines' as const,
        paths: [file.path],
        message: `${file.path}:${limit + 1} has ${lines} lines, over the limit of ${limit}: split it by concern`,
      },
    ];
  });
}
