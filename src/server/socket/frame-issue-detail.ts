import type { z } from 'zod';

/** What is wrong with a frame: the first issue's field path and zod's words, never the value. */
export function frameIssueDetail(error: z.ZodError, expected: string): string {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'frame';
  return `${where}: ${issue?.message ?? 'invalid'} (expected ${expected})`;
}
