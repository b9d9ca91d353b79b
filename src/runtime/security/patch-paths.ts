/** The headers that name a file in either patch format the apply_patch tool takes. */
const ADDED = /^\*\*\* Add File: (.+)$/;
const NAMED = /^(?:\*\*\* (?:Update|Delete) File|\*\*\* Move to): (.+)$/;
const UNIFIED = /^(?:---|\+\+\+) (.+)$/;

/**
 * Every path an apply_patch patch names, as written, with whether it is created (`Add File`, a
 * unified diff's `+++` after `--- /dev/null`, a move's destination). Reads headers only, so an
 * unreadable patch still yields the paths it names: the tool refuses it anyway, and the risk is
 * judged on what it tried to touch.
 */
export function patchPaths(patch: string): Array<{ path: string; created: boolean }> {
  const paths: Array<{ path: string; created: boolean }> = [];
  let previousWasNull = false;
  for (const line of patch.replace(/\r\n/g, '\n').split('\n')) {
    const added = ADDED.exec(line);
    const named = NAMED.exec(line);
    const unified = UNIFIED.exec(line);
    if (added?.[1] !== undefined) paths.push({ path: added[1].trim(), created: true });
    else if (named?.[1] !== undefined)
      paths.push({ path: named[1].trim(), created: line.startsWith('*** Move to') });
    else if (unified?.[1] !== undefined) {
      const raw = unified[1].split('\t')[0]?.trim() ?? '';
      const isNull = raw === '/dev/null';
      if (!isNull) {
        const path = line.startsWith('--- ') || line.startsWith('+++ ') ? raw.replace(/^[ab]\//, '') : raw;
        paths.push({ path, created: line.startsWith('+++') && previousWasNull });
      }
      previousWasNull = line.startsWith('---') && isNull;
    }
  }
  return paths;
}
