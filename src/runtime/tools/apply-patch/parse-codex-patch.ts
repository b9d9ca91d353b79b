import type { Hunk, HunkLine, ParsedPatch, PatchOperation } from './patch-operation';

const BEGIN = '*** Begin Patch';
const END = '*** End Patch';
const ADD = '*** Add File: ';
const DELETE = '*** Delete File: ';
const UPDATE = '*** Update File: ';
const MOVE = '*** Move to: ';
const END_OF_FILE = '*** End of File';

/**
 * Parses the `*** Begin Patch` … `*** End Patch` format (OpenAI's apply_patch, as upstream's tool
 * takes it): Add File with `+` lines, Delete File, Update File with an optional Move to and hunks
 * opened by `@@` (optionally `@@ <a line the hunk follows>`). Errors name the patch line.
 */
export function parseCodexPatch(text: string): ParsedPatch {
  const lines = text.replace(/\r\n/g, '\n').trim().split('\n');
  if (lines[0]?.trim() !== BEGIN) return failure(1, `the patch must start with "${BEGIN}"`);
  if (lines.at(-1)?.trim() !== END) return failure(lines.length, `the patch must end with "${END}"`);
  const operations: PatchOperation[] = [];
  let index = 1;
  const last = lines.length - 1;
  const isHeader = (line: string) =>
    line.startsWith(ADD) || line.startsWith(DELETE) || line.startsWith(UPDATE) || line.trim() === END;
  while (index < last) {
    const line = lines[index] ?? '';
    if (line.startsWith(ADD)) {
      const path = line.slice(ADD.length).trim();
      const body: string[] = [];
      index++;
      while (index < last && !isHeader(lines[index] ?? '')) {
        const added = lines[index] ?? '';
        if (!added.startsWith('+'))
          return failure(index + 1, `a line of the new file ${path} must start with "+"`);
        body.push(added.slice(1));
        index++;
      }
      operations.push({ type: 'add', path, content: body.length === 0 ? '' : `${body.join('\n')}\n` });
    } else if (line.startsWith(DELETE)) {
      operations.push({ type: 'delete', path: line.slice(DELETE.length).trim() });
      index++;
    } else if (line.startsWith(UPDATE)) {
      const path = line.slice(UPDATE.length).trim();
      index++;
      let movePath: string | undefined;
      if ((lines[index] ?? '').startsWith(MOVE)) {
        movePath = (lines[index] ?? '').slice(MOVE.length).trim();
        index++;
      }
      const parsed = parseHunks(lines, index, last, isHeader, path);
      if ('error' in parsed) return { ok: false, error: parsed.error };
      index = parsed.next;
      if (parsed.hunks.length === 0 && movePath === undefined)
        return failure(index + 1, `the update of ${path} has no hunk`);
      operations.push({
        type: 'update',
        path,
        ...(movePath === undefined ? {} : { movePath }),
        hunks: parsed.hunks,
      });
    } else if (line.trim() === '') index++;
    else
      return failure(
        index + 1,
        `expected "${ADD}", "${DELETE}" or "${UPDATE}", got ${JSON.stringify(line.slice(0, 80))}`,
      );
  }
  return { ok: true, operations };
}

function parseHunks(
  lines: readonly string[],
  start: number,
  last: number,
  isHeader: (line: string) => boolean,
  path: string,
): { hunks: Hunk[]; next: number } | { error: string } {
  const hunks: Hunk[] = [];
  let index = start;
  let current: Hunk | undefined;
  while (index < last && !isHeader(lines[index] ?? '')) {
    const line = lines[index] ?? '';
    if (line.startsWith('@@')) {
      const anchor = line.slice(2).trim();
      current = {
        number: hunks.length + 1,
        lines: [],
        atEndOfFile: false,
        ...(anchor === '' ? {} : { anchor }),
      };
      hunks.push(current);
    } else if (line.trim() === END_OF_FILE) {
      if (current === undefined)
        return { error: lineError(index + 1, `"${END_OF_FILE}" before any hunk of ${path}`) };
      current.atEndOfFile = true;
    } else {
      // The first hunk may leave out its @@ line.
      if (current === undefined) {
        current = { number: 1, lines: [], atEndOfFile: false };
        hunks.push(current);
      }
      const hunkLine = toHunkLine(line);
      if (hunkLine === undefined)
        return {
          error: lineError(
            index + 1,
            `in hunk ${current.number} of ${path}, a line must start with " ", "-" or "+"`,
          ),
        };
      current.lines.push(hunkLine);
    }
    index++;
  }
  return { hunks: hunks.filter((hunk) => hunk.lines.length > 0), next: index };
}

function toHunkLine(line: string): HunkLine | undefined {
  // An empty line in a hunk is an unchanged empty line whose leading space was trimmed away.
  if (line === '') return { kind: ' ', text: '' };
  const marker = line[0];
  if (marker === ' ' || marker === '-' || marker === '+') return { kind: marker, text: line.slice(1) };
  return undefined;
}

function lineError(line: number, message: string): string {
  return `The patch could not be read (line ${line}): ${message}.`;
}

function failure(line: number, message: string): ParsedPatch {
  return { ok: false, error: lineError(line, message) };
}
