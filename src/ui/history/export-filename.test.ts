import { describe, expect, it } from 'vitest';
import { exportFilename } from './export-filename';

describe('exportFilename', () => {
  it("prefers the UTF-8 form, which keeps a name's non-ASCII characters", () => {
    const header = `attachment; filename="caf_-notes.md"; filename*=UTF-8''caf%C3%A9-notes.md`;
    expect(exportFilename(header, 'x.md')).toBe('café-notes.md');
  });

  it('reads a quoted filename', () => {
    expect(exportFilename('attachment; filename="fix the build.json"', 'x.json')).toBe('fix the build.json');
  });

  it('reads a bare filename', () => {
    expect(exportFilename('attachment; filename=export.md', 'x.md')).toBe('export.md');
  });

  it('falls back when there is no header or no name in it', () => {
    expect(exportFilename(null, 'conversation.md')).toBe('conversation.md');
    expect(exportFilename('attachment', 'conversation.md')).toBe('conversation.md');
  });

  it('never lets a name hold a path', () => {
    expect(exportFilename(`attachment; filename*=UTF-8''..%2F..%2Fevil.md`, 'x.md')).toBe('.._.._evil.md');
  });

  it('falls back to the plain name when the UTF-8 form is malformed', () => {
    expect(exportFilename(`attachment; filename="ok.md"; filename*=UTF-8''%E0%A4%A`, 'x.md')).toBe('ok.md');
  });
});
