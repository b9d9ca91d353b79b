/**
 * The shell announces "command finished" with an OSC escape sequence printed by PROMPT_COMMAND:
 * ESC ] 777 ; awb-<token> ; <exit code> ; <cwd> BEL. The token is random per shell, and printf builds
 * the ESC and BEL bytes at run time, so printing the variable or the command line never forges a marker.
 */

const MARKER_HEAD = '\x1b]777;awb-';
const BELL = '\x07';
/** A prefix that never meets its BEL within this many characters is ordinary output. */
const MAX_MARKER_LENGTH = 8192;

export function promptCommandFor(token: string): string {
  return `__awb_status=$?; printf '\\033]777;awb-%s;%s;%s\\007' '${token}' "$__awb_status" "$PWD"`;
}

export type MarkerPiece =
  | { kind: 'output'; text: string }
  | { kind: 'prompt'; exitCode: number; cwd: string };

export interface PromptMarkerParser {
  /** Splits a chunk of pty output into output text and prompt markers, in order. Holds back a partial marker. */
  push(chunk: string): MarkerPiece[];
}

export function createPromptMarkerParser(token: string): PromptMarkerParser {
  const prefix = `${MARKER_HEAD}${token};`;
  let pending = '';

  return {
    push(chunk) {
      pending += chunk;
      const pieces: MarkerPiece[] = [];
      const emit = (text: string) => {
        if (text.length > 0) pieces.push({ kind: 'output', text });
      };
      for (;;) {
        const start = pending.indexOf(prefix);
        if (start < 0) {
          const keep = partialPrefixLength(pending, prefix);
          emit(pending.slice(0, pending.length - keep));
          pending = pending.slice(pending.length - keep);
          return pieces;
        }
        const bell = pending.indexOf(BELL, start + prefix.length);
        if (bell < 0) {
          if (pending.length - start > MAX_MARKER_LENGTH) {
            emit(pending);
            pending = '';
            return pieces;
          }
          emit(pending.slice(0, start));
          pending = pending.slice(start);
          return pieces;
        }
        emit(pending.slice(0, start));
        const body = pending.slice(start + prefix.length, bell);
        pending = pending.slice(bell + 1);
        const separator = body.indexOf(';');
        const exitCode = Number.parseInt(body.slice(0, separator), 10);
        if (separator < 0 || Number.isNaN(exitCode)) continue;
        pieces.push({ kind: 'prompt', exitCode, cwd: body.slice(separator + 1) });
      }
    },
  };
}

/** Length of the longest end of `text` that is a proper beginning of `prefix`. */
function partialPrefixLength(text: string, prefix: string): number {
  for (let length = Math.min(text.length, prefix.length - 1); length > 0; length--) {
    if (text.endsWith(prefix.slice(0, length))) return length;
  }
  return 0;
}
