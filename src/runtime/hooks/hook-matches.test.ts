import { describe, expect, it } from 'vitest';
import { hookMatches } from './hook-matches';

describe('hookMatches', () => {
  it('matches everything with * or empty, even events without a tool', () => {
    expect(hookMatches('*', 'terminal')).toBe(true);
    expect(hookMatches('', undefined)).toBe(true);
  });
  it('matches an exact name only as a whole', () => {
    expect(hookMatches('terminal', 'terminal')).toBe(true);
    expect(hookMatches('terminal', 'terminal2')).toBe(false);
    expect(hookMatches('terminal', undefined)).toBe(false);
  });
  it('reads /re/ and patterns with regex characters as full matches', () => {
    expect(hookMatches('/file_.*/', 'file_editor')).toBe(true);
    expect(hookMatches('terminal|file_editor', 'file_editor')).toBe(true);
    expect(hookMatches('file', 'file_editor')).toBe(false);
    expect(hookMatches('term.*', 'xterminal')).toBe(false);
  });
  it('falls back to the exact name when a pattern does not compile', () => {
    expect(hookMatches('a(b', 'a(b')).toBe(true);
    expect(hookMatches('/a(b/', 'a(b')).toBe(false);
  });
});
