import { frameIssueDetail } from './frame-issue-detail';
import { parseJsonFrame } from './parse-json-frame';
import { type ClientFrame, ClientFrameSchema } from './socket-frames';

export type ReadFrameResult = { ok: true; value: ClientFrame } | { ok: false; detail: string };

/** Parses one client frame. The detail names what is wrong (field path, zod's words), never the value. */
export function readClientFrame(data: unknown, isBinary: boolean): ReadFrameResult {
  const frame = parseJsonFrame(data, isBinary);
  if (!frame.ok) return frame;
  const parsed = ClientFrameSchema.safeParse(frame.json);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, detail: frameIssueDetail(parsed.error, 'an auth or message frame') };
}
