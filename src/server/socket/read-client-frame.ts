import { type ClientFrame, ClientFrameSchema } from './socket-frames';

export type ReadFrameResult = { ok: true; value: ClientFrame } | { ok: false; detail: string };

/** Parses one client frame. The detail names what is wrong (field path, zod's words), never the value. */
export function readClientFrame(data: unknown, isBinary: boolean): ReadFrameResult {
  if (isBinary) return { ok: false, detail: 'Frames are JSON text, not binary' };
  let json: unknown;
  try {
    json = JSON.parse(toText(data));
  } catch {
    return { ok: false, detail: 'Frames are JSON objects; this one is not valid JSON' };
  }
  const parsed = ClientFrameSchema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'frame';
  return {
    ok: false,
    detail: `${where}: ${issue?.message ?? 'invalid'} (expected an auth or message frame)`,
  };
}

function toText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return '';
}
