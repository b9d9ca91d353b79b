/** A request head the ingress's fast path read itself (fast-path-connection.ts). */
export interface RequestHead {
  method: string;
  /** The request-target exactly as sent (origin-form, e.g. /api/x?y=1, or anything else the caller hands on). */
  target: string;
  /** `HTTP/1.1`, `HTTP/1.0`, …: the caller decides what it serves itself. */
  version: string;
  /** Header fields in arrival order, names as sent, values without surrounding spaces or tabs. */
  fields: Array<[name: string, value: string]>;
  /** The first value of each header, by lower-case name (duplicates are in `fields`). */
  byName: Map<string, string>;
  /** Lower-case names that came more than once. */
  repeated: Set<string>;
}

export type ParsedRequestHead = { ok: true; head: RequestHead } | { ok: false; reason: string };

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII only: no space, no control byte, nothing a backend might read differently. */
const TARGET = /^[\x21-\x7e]+$/;
const VERSION = /^HTTP\/\d\.\d$/;
/** Tab, space, visible ASCII and obs-text (RFC 9110 field-value); no NUL, CR, LF or other controls. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Reads a request head strictly (RFC 9112), `text` being its bytes as latin1 without the closing
 * CRLFCRLF. Anything two parsers could read two ways is refused rather than guessed at, since the
 * runtime parses the same bytes after us: a bare CR or LF, a folded line (obs-fold), a space before a
 * field's colon, control bytes, a Content-Length that is not digits or comes twice, both Content-Length
 * and Transfer-Encoding, two Host fields. Pure; never throws.
 */
export function parseRequestHead(text: string): ParsedRequestHead {
  const lines = text.split('\r\n');
  for (const line of lines) {
    if (line.includes('\r') || line.includes('\n')) return refused('a bare CR or LF');
  }
  const requestLine = (lines[0] ?? '').split(' ');
  if (requestLine.length !== 3) return refused('a malformed request line');
  const [method, target, version] = requestLine as [string, string, string];
  if (!TOKEN.test(method) || !TARGET.test(target) || !VERSION.test(version))
    return refused('a malformed request line');
  const fields: Array<[string, string]> = [];
  const byName = new Map<string, string>();
  const repeated = new Set<string>();
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] as string;
    if (line.startsWith(' ') || line.startsWith('\t')) return refused('a folded header line');
    const colon = line.indexOf(':');
    if (colon <= 0) return refused('a header line without a name');
    const name = line.slice(0, colon);
    if (!TOKEN.test(name)) return refused('a malformed header name');
    const value = line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '');
    if (!FIELD_VALUE.test(value)) return refused('a control byte in a header value');
    const lowerName = name.toLowerCase();
    if (byName.has(lowerName)) repeated.add(lowerName);
    else byName.set(lowerName, value);
    fields.push([name, value]);
  }
  const head: RequestHead = { method, target, version, fields, byName, repeated };
  const framingProblem = framingProblemOf(head);
  return framingProblem ? refused(framingProblem) : { ok: true, head };
}

/** The request-smuggling shapes: a body length two parsers could disagree on, or two Hosts. */
function framingProblemOf(head: RequestHead): string | undefined {
  const contentLength = head.byName.get('content-length');
  if (contentLength !== undefined) {
    if (head.repeated.has('content-length')) return 'Content-Length given twice';
    if (!/^\d{1,15}$/.test(contentLength)) return 'a malformed Content-Length';
    if (head.byName.has('transfer-encoding')) return 'both Content-Length and Transfer-Encoding';
  }
  if (head.repeated.has('host')) return 'Host given twice';
  return undefined;
}

function refused(reason: string): ParsedRequestHead {
  return { ok: false, reason };
}
