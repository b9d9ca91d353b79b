import { parseInstant } from '../../http/parse-instant';

/**
 * Microseconds since the epoch (UTC) of an ISO 8601 date or date-time, the forms upstream's
 * `after_timestamp` takes (pydantic's datetime): `YYYY-MM-DD`, then optionally `T` or a space,
 * `HH:MM[:SS[.fraction]]` and an offset `Z` / `±HH[:]MM`. A time without an offset is UTC (upstream
 * reads it in the server's zone; ours is UTC). A space where the offset's `+` was is accepted too,
 * because `+` in an unencoded query string arrives as a space. Undefined for anything else,
 * including impossible dates (Feb 30). Microseconds fit a double exactly for any real date, so
 * comparisons keep the sub-millisecond digits upstream's timestamps carry. Validation is
 * parseInstant's (one reading of dates for the REST filters and the socket); this adds upstream's
 * extra spellings and the microseconds.
 */
export function timestampMicros(text: string): number | undefined {
  const match = TIMESTAMP.exec(text);
  if (!match) return undefined;
  const [, date, time = '', second, fraction = '', zone = ''] = match;
  // parseInstant checks the date, time and offset; it reads only `.` fractions and a signed offset.
  const strict = `${date}${time}${second === undefined ? '' : `:${second}`}${fraction === '' ? '' : `.${fraction}`}${zone.replace(/^ /, '+')}`;
  const instant = parseInstant(strict);
  if (instant === undefined) return undefined;
  // The instant keeps milliseconds: take them off and add the fraction to the microsecond.
  const wholeSeconds = Date.parse(instant) - Number(fraction.padEnd(3, '0').slice(0, 3));
  return wholeSeconds * 1000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/** Upstream's grammar: parseInstant's, plus `,` before the fraction and a space for the offset's `+`. */
const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})(?:([T ]\d{2}:\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([zZ]|[+\- ]\d{2}:?\d{2})?)?$/;
