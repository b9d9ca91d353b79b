/**
 * A copy of a JSON-like value with `redact` applied to every string in it (object keys stay).
 * Returns the same object when nothing changed, so the common case allocates nothing new.
 */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  return redactAny(value, redact) as T;
}

function redactAny(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const next = redactAny(item, redact);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : value;
  }
  if (typeof value === 'object' && value !== null) {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]) => {
      const next = redactAny(item, redact);
      if (next !== item) changed = true;
      return [key, next] as const;
    });
    return changed ? Object.fromEntries(entries) : value;
  }
  return value;
}
