/**
 * An ISO 8601 date, or date and time, as a UTC instant (`toISOString()` form), or undefined when it is
 * not one. Without a zone the time is UTC (upstream reads naive timestamps so); `Z` and `±HH:MM` are
 * honoured. Impossible dates (February 30th, hour 24) are refused rather than rolled over.
 */
export function parseInstant(value: string): string | undefined {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|([+-])(\d{2}):?(\d{2}))?$/i.exec(
      value,
    );
  if (!match) return undefined;
  const [
    ,
    year,
    month,
    day,
    hour = '0',
    minute = '0',
    second = '0',
    fraction = '0',
    zone,
    sign,
    zoneHours = '0',
    zoneMinutes = '0',
  ] = match;
  const [y, mo, d, h, mi, se] = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(y, mo - 1, d, h, mi, se, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const date = new Date(utc);
  // Date.UTC rolls 2025-02-30 over to March: refuse what does not name a real date and time.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return undefined;
  if (h > 23 || mi > 59 || se > 59) return undefined;
  if (Number(zoneHours) > 23 || Number(zoneMinutes) > 59) return undefined;
  // No zone: UTC, as upstream reads a naive timestamp.
  const offset = zone && sign ? (sign === '-' ? -1 : 1) * (Number(zoneHours) * 60 + Number(zoneMinutes)) : 0;
  return new Date(utc - offset * 60_000).toISOString();
}
