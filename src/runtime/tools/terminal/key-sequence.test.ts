import { describe, expect, it } from 'vitest';
import { keySequence } from './key-sequence';

describe('keySequence', () => {
  it.each([
    ['C-c', '\x03'],
    ['C-d', '\x04'],
    ['C-z', '\x1a'],
    ['c-C', '\x03'],
    ['^C', '\x03'],
    ['C-\\', '\x1c'],
    ['Enter', '\r'],
    ['Up', '\x1b[A'],
    ['down', '\x1b[B'],
    ['Left', '\x1b[D'],
    ['Right', '\x1b[C'],
    ['Tab', '\t'],
    ['Escape', '\x1b'],
  ])('maps %s to its control sequence', (name, sequence) => {
    expect(keySequence(name)).toBe(sequence);
  });

  it.each(['ls', 'C-', 'C-cc', 'print(1)', 'C-1'])('leaves %s as text to type', (text) => {
    expect(keySequence(text)).toBeUndefined();
  });
});
