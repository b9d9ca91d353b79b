import type { z } from 'zod';

export interface ValidationIssue {
  /** Where: the request part, then the field path (`["body", "title"]`). */
  loc: (string | number)[];
  msg: string;
  type: string;
}

/**
 * A request that does not fit its schema. Answered 422 with one entry per issue naming the field;
 * the issue texts are zod's, which never include the offending value (so a secret is never echoed).
 */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  readonly issues: ValidationIssue[];

  constructor(part: string, issues: readonly z.core.$ZodIssue[]) {
    super(`Invalid ${part}`);
    this.name = 'RequestValidationError';
    this.issues = issues.slice(0, 20).map((issue) => ({
      loc: [part, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))],
      msg: issue.message,
      type: issue.code,
    }));
  }
}
