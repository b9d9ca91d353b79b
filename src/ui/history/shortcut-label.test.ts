import { describe, expect, it } from 'vitest';
import { isPaletteShortcut, shortcutLabel } from './shortcut-label';

const key = (
  overrides: Partial<Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>>,
) => ({
  key: 'k',
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  ...overrides,
});

describe('palette shortcut', () => {
  it('is Ctrl+K or Cmd+K, whatever the letter case', () => {
    expect(isPaletteShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({ metaKey: true, key: 'K' }))).toBe(true);
  });

  it('is not a plain k, nor with Shift or Alt (other shortcuts)', () => {
    expect(isPaletteShortcut(key({}))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
  });

  it('is labelled the way the keyboard shows it', () => {
    expect(shortcutLabel('MacIntel')).toBe('⌘K');
    expect(shortcutLabel('Linux x86_64')).toBe('Ctrl K');
  });
});
