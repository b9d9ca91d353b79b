import { describe, expect, it } from 'vitest';
import { describeCut } from './full-output-link';

describe('describeCut', () => {
  it("reads the terminal tool's cut note", () => {
    const text =
      '1\n2\n[... 79,012 characters (14321 lines) cut from the middle of 109,001. Full output saved to /d/observations/ab/terminal-1.txt: search it ...]\n20000';
    expect(describeCut(text)).toBe('14,321 lines cut');
  });

  it('says one line, or characters when no whole line was cut', () => {
    expect(describeCut('[... 40,000 characters (1 line) cut from the middle of 70,000.')).toBe('1 line cut');
    expect(describeCut('[... 40000 characters (0 lines) cut from the middle of 70,000.')).toBe(
      '40,000 characters cut',
    );
  });

  it('says nothing when the output has no cut note', () => {
    expect(describeCut('plain output')).toBeUndefined();
  });
});
