/** "⌘K" on Apple systems, "Ctrl K" elsewhere: the palette's shortcut as the person's keyboard shows it. */
export function shortcutLabel(platform: string): string {
  return /mac|iphone|ipad/i.test(platform) ? '⌘K' : 'Ctrl K';
}

/** True for the palette shortcut: Cmd+K on Apple systems, Ctrl+K elsewhere (either is accepted). */
export function isPaletteShortcut(
  event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k'
  );
}
