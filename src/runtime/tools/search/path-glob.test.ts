import { describe, expect, it } from 'vitest';
import { createIgnoreRules } from './ignore-rules';
import { compilePathGlob } from './path-glob';

const matches = (glob: string, path: string) => compilePathGlob(glob)?.matches(path);

describe('compilePathGlob', () => {
  it('matches a pattern without a slash against the name at any depth', () => {
    expect(matches('*.ts', 'a.ts')).toBe(true);
    expect(matches('*.ts', 'src/deep/a.ts')).toBe(true);
    expect(matches('*.ts', 'src/a.tsx')).toBe(false);
  });

  it('matches a pattern with a slash against the whole path; ** spans folders, * and ? do not', () => {
    expect(matches('src/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/*.ts', 'src/deep/a.ts')).toBe(false);
    expect(matches('src/**/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/**/*.ts', 'src/x/y/a.ts')).toBe(true);
    expect(matches('**/test_?.py', 'a/test_1.py')).toBe(true);
    expect(matches('**/test_?.py', 'a/test_12.py')).toBe(false);
    expect(matches('/build', 'build')).toBe(true);
    expect(matches('src/**', 'src/a/b')).toBe(true);
  });

  it('reads alternatives, classes and escapes, and refuses what it cannot read', () => {
    expect(matches('*.{ts,tsx}', 'a.tsx')).toBe(true);
    expect(matches('*.{ts,tsx}', 'a.js')).toBe(false);
    expect(matches('[A-Z]*.md', 'README.md')).toBe(true);
    expect(matches('[!A-Z]*.md', 'README.md')).toBe(false);
    expect(matches('a\\*b', 'a*b')).toBe(true);
    expect(matches('a\\*b', 'axb')).toBe(false);
    expect(matches('(x).ts', '(x).ts')).toBe(true);
    expect(compilePathGlob('*.{ts')).toBeUndefined();
    expect(compilePathGlob('[abc')).toBeUndefined();
  });
});

describe('createIgnoreRules', () => {
  it('applies a folder rule below its folder only, the last matching rule winning', () => {
    const rules = createIgnoreRules()
      .with('', '# comment\n*.log\nbuild/\n/root-only.txt\n!keep.log\n')
      .with('pkg', 'dist\n');
    expect(rules.ignores('a/b/debug.log', false)).toBe(true);
    expect(rules.ignores('a/keep.log', false)).toBe(false);
    expect(rules.ignores('build', true)).toBe(true);
    expect(rules.ignores('build', false)).toBe(false);
    expect(rules.ignores('root-only.txt', false)).toBe(true);
    expect(rules.ignores('sub/root-only.txt', false)).toBe(false);
    expect(rules.ignores('pkg/dist', true)).toBe(true);
    expect(rules.ignores('other/dist', true)).toBe(false);
  });
});
