/**
 * A copy of a JSON-like value with `redact` applied to every string in it (object keys stay).
 * Returns the same object when nothing changed, and allocates nothing then: every event is redacted
 * on its way to memory and to the store, and almost none holds a secret.
 */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  return redactAny(value, redact) as T;
}

function redactAny(value: unknown, redact: (text: string) => string): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return redactArray(value, redact);
  if (typeof value === 'object' && value !== null)
    return redactObject(value as Record<string, unknown>, redact);
  return value;
}

/** The first changed item starts the copy: the items before it are taken as they are. */
function redactArray(value: readonly unknown[], redact: (text: string) => string): unknown[] {
  let copy: unknown[] | undefined;
  for (let index = 0; index < value.length; index++) {
    const item = value[index];
    const next = redactAny(item, redact);
    if (copy) copy.push(next);
    else if (next !== item) {
      copy = value.slice(0, index);
      copy.push(next);
    }
  }
  return copy ?? (value as unknown[]);
}

/** Own enumerable keys, in order, as Object.entries gives them; a copy only once a value changed. */
function redactObject(value: Record<string, unknown>, redact: (text: string) => string): object {
  const keys = Object.keys(value);
  let copy: Record<string, unknown> | undefined;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const item = value[key];
    const next = redactAny(item, redact);
    if (!copy && next !== item) {
      copy = {};
      for (const earlier of keys.slice(0, index)) setOwn(copy, earlier, value[earlier]);
    }
    if (copy) setOwn(copy, key, next);
  }
  return copy ?? value;
}

/** An own property even for `__proto__` (JSON.parse makes one, and plain assignment would set the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
