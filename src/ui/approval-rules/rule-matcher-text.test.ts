import { describe, expect, it } from 'vitest';
import { matcherFor, matcherText, withMatcherText } from './rule-matcher-text';

describe('rule matcher text', () => {
  it('edits the prefix or glob and keeps the kind', () => {
    const prefix = { kind: 'command_prefix', prefix: 'npm test' } as const;
    expect(matcherText(prefix)).toBe('npm test');
    expect(withMatcherText(prefix, 'npm run')).toEqual({ kind: 'command_prefix', prefix: 'npm run' });
    expect(withMatcherText({ kind: 'any' }, 'x')).toEqual({ kind: 'any' });
  });

  it('a new rule matches commands by prefix, files by glob, and everything when left empty', () => {
    expect(matcherFor('terminal', ' git status ')).toEqual({ kind: 'command_prefix', prefix: 'git status' });
    expect(matcherFor('file_editor', 'src/**')).toEqual({ kind: 'path_glob', glob: 'src/**' });
    expect(matcherFor('terminal', '')).toEqual({ kind: 'any' });
  });
});
