/** Shorter exact values are not matched: too many innocent strings would be masked. */
export const MIN_SECRET_LENGTH = 8;

/**
 * The spellings of one exact secret value to look for: the value, its base64 and base64url
 * encodings (whole, and the stable middle of the encoding at each of the three byte alignments a
 * value can have inside a longer encoded string), and its URL encoding. Longest first, so that a
 * whole encoding wins over its middle. Empty for values shorter than MIN_SECRET_LENGTH.
 */
export function secretForms(value: string): string[] {
  if (value.length < MIN_SECRET_LENGTH) return [];
  const bytes = Buffer.from(value, 'utf8');
  const whole = bytes.toString('base64');
  const base64 = [whole, whole.replace(/=+$/, '')];
  for (let offset = 0; offset < 3; offset++) base64.push(alignedBase64Core(bytes, offset));
  const forms = new Set<string>([value, encodeURIComponent(value), ...base64, ...base64.map(toBase64Url)]);
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/**
 * The base64 characters that depend only on the value when it sits `offset` bytes into a longer
 * encoded buffer: characters mixing in bits of the neighbours are dropped at both ends.
 */
function alignedBase64Core(bytes: Buffer, offset: number): string {
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
  const start = Math.ceil((offset * 8) / 6);
  const end = Math.floor(((offset + bytes.length) * 8) / 6);
  return encoded.slice(start, end);
}

function toBase64Url(text: string): string {
  return text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
