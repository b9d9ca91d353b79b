/** A boolean query value as pydantic reads one; absent is false; undefined means malformed. */
export function parseQueryFlag(raw: unknown): boolean | undefined {
  if (raw === undefined) return false;
  if (typeof raw !== 'string') return undefined;
  const value = raw.toLowerCase();
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  return undefined;
}

const TRUE = new Set(['true', '1', 'yes', 'on', 't', 'y']);
const FALSE = new Set(['false', '0', 'no', 'off', 'f', 'n']);
