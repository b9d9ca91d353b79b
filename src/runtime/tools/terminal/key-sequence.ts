/** Named keys the model may send with is_input, as the bytes a terminal would send. */
const NAMED_KEYS: Record<string, string> = {
  enter: '\r',
  return: '\r',
  tab: '\t',
  escape: '\x1b',
  esc: '\x1b',
  backspace: '\x7f',
  space: ' ',
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  home: '\x1b[H',
  end: '\x1b[F',
  pageup: '\x1b[5~',
  pagedown: '\x1b[6~',
  delete: '\x1b[3~',
  insert: '\x1b[2~',
};

/**
 * The control sequence for a key name (`C-c`, `C-d`, `C-z`, `Enter`, `Up`, …), or undefined when the
 * text is not a key name and should be typed as text.
 */
export function keySequence(text: string): string | undefined {
  const name = text.trim();
  const control = /^(?:C-|\^|ctrl\+)(.)$/i.exec(name);
  if (control?.[1]) return controlCharacter(control[1]);
  return NAMED_KEYS[name.toLowerCase()];
}

function controlCharacter(character: string): string | undefined {
  const code = character.toUpperCase().charCodeAt(0);
  // Ctrl maps @, A–Z, [, \, ], ^, _ onto the bytes 0–31.
  if (code < 64 || code > 95) return undefined;
  return String.fromCharCode(code - 64);
}
