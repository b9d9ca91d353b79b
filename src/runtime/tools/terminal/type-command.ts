import { writeFileSync } from 'node:fs';
import type { PtyProcess } from '../../sandbox/pty-process';

/** The tty line discipline drops input past 4095 bytes per line, so longer lines go through a script file. */
const MAX_TYPED_LINE_BYTES = 2_000;

/**
 * Types a command at the shell's prompt as one unit (one prompt, one exit code): a line as it is,
 * several in a brace group, and any too long to type written to `nextScriptPath()` and sourced.
 */
export function typeCommand(
  pty: Pick<PtyProcess, 'write'>,
  command: string,
  nextScriptPath: () => string,
): void {
  const text = command.replace(/\r\n/g, '\n').replace(/\n+$/, '');
  const lines = text.split('\n');
  if (lines.some((line) => Buffer.byteLength(line) > MAX_TYPED_LINE_BYTES)) {
    const scriptPath = nextScriptPath();
    writeFileSync(scriptPath, `${text}\n`);
    pty.write(`. '${scriptPath}'\r`);
  } else if (lines.length > 1) {
    // A brace group makes a multi-line command one unit: one prompt, one exit code.
    pty.write(`{\n${text}\n}\r`);
  } else {
    pty.write(`${text}\r`);
  }
}
