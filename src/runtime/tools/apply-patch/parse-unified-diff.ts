import type { Hunk, ParsedPatch, PatchOperation } from './patch-operation';

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * Parses a unified diff (`diff -u`, `git diff`): per file `--- old` / `+++ new` (with or without
 * `a/` `b/`; `/dev/null` for an added or deleted file; different names for a move) and `@@` hunks
 * whose counts say where each one ends. git's headers (`diff --git`, `index`, modes, `rename from/to`)
 * are read where they matter and skipped otherwise. Errors name the patch line.
 */
export function parseUnifiedDiff(text: string): ParsedPatch {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const operations: PatchOperation[] = [];
  let rename: { from?: string; to?: string } = {};
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (line.startsWith('diff --git ')) {
      flushRename(rename, operations);
      rename = {};
      index++;
    } else if (line.startsWith('rename from ')) {
      rename.from = line.slice('rename from '.length).trim();
      index++;
    } else if (line.startsWith('rename to ')) {
      rename.to = line.slice('rename to '.length).trim();
      index++;
    } else if (line.startsWith('--- ') && (lines[index + 1] ?? '').startsWith('+++ ')) {
      const oldPath = diffPath(line.slice(4));
      const newPath = diffPath((lines[index + 1] ?? '').slice(4));
      rename = {};
      const parsed = parseHunks(lines, index + 2, newPath ?? oldPath ?? '');
      if ('error' in parsed) return { ok: false, error: parsed.error };
      index = parsed.next;
      const operation = toOperation(oldPath, newPath, parsed.hunks);
      if (operation === undefined) return failure(index, 'a file cannot be /dev/null on both sides');
      operations.push(operation);
    } else index++;
  }
  flushRename(rename, operations);
  if (operations.length === 0)
    return failure(1, 'no file changes found (expected "--- a/path" and "+++ b/path" lines)');
  return { ok: true, operations };
}

/** A git rename with no content change has no ---/+++ lines: only `rename from` / `rename to`. */
function flushRename(rename: { from?: string; to?: string }, operations: PatchOperation[]): void {
  if (rename.from !== undefined && rename.to !== undefined)
    operations.push({ type: 'update', path: rename.from, movePath: rename.to, hunks: [] });
}

function toOperation(
  oldPath: string | undefined,
  newPath: string | undefined,
  hunks: Hunk[],
): PatchOperation | undefined {
  if (oldPath === undefined && newPath === undefined) return undefined;
  if (oldPath === undefined) {
    const added = hunks.flatMap((hunk) =>
      hunk.lines.filter((line) => line.kind !== '-').map((line) => line.text),
    );
    return { type: 'add', path: newPath ?? '', content: added.length === 0 ? '' : `${added.join('\n')}\n` };
  }
  if (newPath === undefined) return { type: 'delete', path: oldPath };
  return { type: 'update', path: oldPath, ...(newPath === oldPath ? {} : { movePath: newPath }), hunks };
}

/** The path of a ---/+++ line: undefined for /dev/null, without git's a/ b/ and a trailing timestamp. */
function diffPath(raw: string): string | undefined {
  const path = raw.split('\t')[0]?.trim() ?? '';
  if (path === '/dev/null') return undefined;
  return /^[ab]\//.test(path) ? path.slice(2) : path;
}

function parseHunks(
  lines: readonly string[],
  start: number,
  path: string,
): { hunks: Hunk[]; next: number } | { error: string } {
  const hunks: Hunk[] = [];
  let index = start;
  while (index < lines.length) {
    const header = HUNK_HEADER.exec(lines[index] ?? '');
    if (header === null) break;
    let oldLeft = Number(header[2] ?? '1');
    let newLeft = Number(header[4] ?? '1');
    const hunk: Hunk = {
      number: hunks.length + 1,
      oldStart: Number(header[1]),
      lines: [],
      atEndOfFile: false,
    };
    index++;
    while (oldLeft > 0 || newLeft > 0) {
      if (index >= lines.length)
        return {
          error: lineError(index, `hunk ${hunk.number} of ${path} ends before its line counts are reached`),
        };
      const line = lines[index] ?? '';
      index++;
      if (line.startsWith('\\')) continue;
      const marker = line === '' ? ' ' : line[0];
      if (marker !== ' ' && marker !== '-' && marker !== '+')
        return {
          error: lineError(
            index,
            `in hunk ${hunk.number} of ${path}, a line must start with " ", "-" or "+"`,
          ),
        };
      hunk.lines.push({ kind: marker, text: line.slice(1) });
      if (marker !== '+') oldLeft--;
      if (marker !== '-') newLeft--;
    }
    if ((lines[index] ?? '').startsWith('\\')) index++;
    hunks.push(hunk);
  }
  return { hunks, next: index };
}

function lineError(line: number, message: string): string {
  return `The patch could not be read (line ${line}): ${message}.`;
}

function failure(line: number, message: string): ParsedPatch {
  return { ok: false, error: lineError(line, message) };
}
