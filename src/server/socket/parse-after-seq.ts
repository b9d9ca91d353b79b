/** `after_seq` from the socket URL: absent means -1 (send everything); anything but an integer ≥ -1 is refused. */
export function parseAfterSeq(raw: unknown): number | undefined {
  if (raw === undefined || raw === '') return -1;
  if (typeof raw !== 'string' || !/^-?\d{1,15}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= -1 ? value : undefined;
}
