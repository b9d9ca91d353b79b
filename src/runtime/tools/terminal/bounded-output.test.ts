import { describe, expect, it } from 'vitest';
import { createBoundedOutput } from './bounded-output';

describe('bounded output', () => {
  it('returns everything below the limit and empties on take', () => {
    const output = createBoundedOutput(100);
    output.append('abc');
    output.append('def');
    expect(output.take()).toBe('abcdef');
    expect(output.take()).toBe('');
  });

  it('keeps the start and the latest text of a runaway stream, saying how much was dropped', () => {
    const output = createBoundedOutput(100);
    for (let index = 0; index < 100; index++) output.append(`${String(index).padStart(3, '0')}\n`);
    const text = output.take();
    expect(text.startsWith('000\n')).toBe(true);
    expect(text.endsWith('099\n')).toBe(true);
    expect(text).toMatch(/\[\.\.\. 300 characters dropped/);
  });
});
