import { createPromptMarkerParser, type MarkerPiece } from '../terminal/prompt-marker';

/**
 * The person's shell reports each command line it ran with the terminal's prompt marker (see
 * prompt-marker.ts): ESC ] 777 ; awb-<token> ; <exit code> ; <history line in base64> BEL, printed by
 * PROMPT_COMMAND before each prompt. The marker never reaches the person's screen.
 */
export function personPromptCommand(token: string): string {
  return `__awb_status=$?; printf '\\033]777;awb-%s;%s;%s\\007' '${token}' "$__awb_status" "$(HISTTIMEFORMAT= builtin history 1 | base64 -w0)"`;
}

/** A visible prompt: the folder and a dollar, in the terminal's colours. */
export const PERSON_PS1 = '\\[\\e[1;34m\\]\\w\\[\\e[0m\\] \\$ ';

export type PersonPiece =
  | { kind: 'output'; text: string }
  | { kind: 'command'; number: number; command: string; exitCode: number };

export interface PersonPromptParser {
  /** Output text and the commands the shell reported, in order; a partial marker is held back. */
  push(chunk: string): PersonPiece[];
}

/**
 * Splits the person's pty output. A history line is reported once: pressing Enter on an empty line
 * prints the same last entry again, with the same number.
 */
export function createPersonPromptParser(token: string): PersonPromptParser {
  const markers = createPromptMarkerParser(token);
  let lastNumber: number | undefined;
  return {
    push(chunk) {
      return markers.push(chunk).flatMap((piece: MarkerPiece): PersonPiece[] => {
        if (piece.kind === 'output') return [piece];
        const entry = historyEntry(piece.cwd);
        if (entry === undefined || entry.number === lastNumber) return [];
        lastNumber = entry.number;
        return [{ kind: 'command', ...entry, exitCode: piece.exitCode }];
      });
    },
  };
}

function historyEntry(base64: string): { number: number; command: string } | undefined {
  const line = Buffer.from(base64, 'base64').toString('utf8');
  const match = /^\s*(\d+)\s+([\s\S]*?)\s*$/.exec(line);
  if (!match || match[2] === undefined || match[2] === '') return undefined;
  return { number: Number(match[1]), command: match[2] };
}
