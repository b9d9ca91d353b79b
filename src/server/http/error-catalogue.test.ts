import { describe, expect, it } from 'vitest';
import { WorkspaceError } from '../../runtime/sandbox/workspace-error';
import { ERROR_STATUS, FILE_ERRORS, LOOKUP_ERRORS, lookupError, REQUEST_ERRORS } from './error-catalogue';

describe('the error catalogue', () => {
  it('gives a code named in more than one of its tables the same status everywhere', () => {
    const statuses = new Map<string, Set<number>>();
    const add = (code: string, status: number) =>
      statuses.set(code, (statuses.get(code) ?? new Set()).add(status));
    for (const [code, status] of Object.entries(ERROR_STATUS)) add(code, status);
    for (const table of [REQUEST_ERRORS, FILE_ERRORS, LOOKUP_ERRORS]) {
      for (const [code, entry] of Object.entries(table)) add(code, entry.status);
    }
    const split = [...statuses].filter(([, seen]) => seen.size > 1).map(([code]) => code);
    expect(split).toEqual([]);
  });

  it('answers a workspace refusal with its status and the words it carries', () => {
    expect(lookupError(new WorkspaceError('too_many_commands', 'Too many commands'))).toEqual({
      status: 429,
      code: 'too_many_commands',
      detail: 'Too many commands',
    });
    expect(lookupError(new WorkspaceError('git_failed', 'unknown ref'))?.status).toBe(400);
  });
});
