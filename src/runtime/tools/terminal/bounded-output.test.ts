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

  it('gives only the start and the end on takeEnds, counting what was left out', () => {
    const output = createBoundedOutput(100);
    for (let index = 0; index < 100; index++) output.append(`${String(index).padStart(3, '0')}\n`);
    const ends = output.takeEnds(40);
    expect(ends.head).toBe('000\n001\n002\n003\n004\n');
    expect(ends.tail).toBe('095\n096\n097\n098\n099\n');
    expect(ends.omittedCharacters).toBe(400 - 40);
    expect(output.take()).toBe('');
  });

  it('gives everything from takeEnds when it fits', () => {
    const output = createBoundedOutput(100);
    output.append('short');
    expect(output.takeEnds(20)).toEqual({ head: 'short', tail: '', omittedCharacters: 0 });
  });

  it('empties on clear', () => {
    const output = createBoundedOutput(100);
    output.append('x'.repeat(500));
    output.clear();
    output.append('fresh');
    expect(output.take()).toBe('fresh');
  });

  it('keeps the ends of a flood far past a full 16 MB buffer (its time is a figure of npm run bench: hot-paths)', () => {
    const output = createBoundedOutput();
    const chunk = 'hello\r\n'.repeat((64 * 1024) / 7);
    for (let index = 0; index < 1_000; index++) output.append(chunk);
    const ends = output.takeEnds(1_000);
    expect(ends.head.length + ends.tail.length).toBe(1_000);
    expect(ends.omittedCharacters).toBe(chunk.length * 1_000 - 1_000);
  });
});
