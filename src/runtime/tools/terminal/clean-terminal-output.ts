// CSI (colours, cursor moves), OSC (titles, hyperlinks), and two-byte escapes such as charset selection.
const ANSI_PATTERN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal control bytes is the point
  /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[()*+][0-9A-Za-z]|\x1b[@-Z\\-_=>78]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: bell, NUL and other stray control bytes
const STRAY_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/g;

/**
 * What a model should read from raw pty output: escape sequences removed, CRLF turned into LF, and a
 * line rewritten with carriage returns (progress bars) reduced to what the screen last showed.
 */
export function cleanTerminalOutput(raw: string): string {
  const withoutEscapes = raw.replace(ANSI_PATTERN, '').replace(/\r+\n/g, '\n');
  return withoutEscapes.split('\n').map(lastRedrawOfLine).join('\n').replace(STRAY_CONTROL, '');
}

function lastRedrawOfLine(line: string): string {
  if (!line.includes('\r')) return line;
  const redraws = line.split('\r').filter((part) => part.length > 0);
  return redraws.at(-1) ?? '';
}
