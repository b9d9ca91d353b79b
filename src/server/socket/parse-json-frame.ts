export type JsonFrame = { ok: true; json: unknown } | { ok: false; detail: string };

/**
 * The JSON of one client text frame, for both conversation sockets. ws hands over a Buffer, an
 * array of fragments or an ArrayBuffer depending on its binaryType; all are read as UTF-8.
 */
export function parseJsonFrame(data: unknown, isBinary: boolean): JsonFrame {
  if (isBinary) return { ok: false, detail: 'Frames are JSON text, not binary' };
  try {
    return { ok: true, json: JSON.parse(toText(data)) };
  } catch {
    return { ok: false, detail: 'Frames are JSON objects; this one is not valid JSON' };
  }
}

function toText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return '';
}
