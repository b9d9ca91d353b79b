import { describe, expect, it } from 'vitest';
import { cutMiddle } from './cut-middle';

describe('cutMiddle', () => {
  it('leaves text within the limit alone', () => {
    expect(cutMiddle('short', 10)).toBeUndefined();
  });

  it('keeps head and tail, cutting at line breaks, and counts what it cut', () => {
    const lines = Array.from({ length: 1000 }, (_, index) => `line ${index}`);
    const text = lines.join('\n');
    const cut = cutMiddle(text, 1000);
    expect(cut).toBeDefined();
    if (!cut) return;
    expect(cut.head.startsWith('line 0\n')).toBe(true);
    expect(cut.head.endsWith('\n')).toBe(true);
    expect(cut.tail.endsWith('line 999')).toBe(true);
    expect(cut.tail.startsWith('line ')).toBe(true);
    expect(cut.head.length + cut.tail.length).toBeLessThanOrEqual(1000);
    expect(cut.head.length + cut.cutCharacters + cut.tail.length).toBe(text.length);
    expect(cut.cutLines).toBeGreaterThan(800);
  });

  it('cuts inside a single huge line when there is no line break', () => {
    const cut = cutMiddle('x'.repeat(100_000), 30_000);
    expect(cut?.head.length).toBe(15_000);
    expect(cut?.tail.length).toBe(15_000);
    expect(cut?.cutCharacters).toBe(70_000);
  });
});
