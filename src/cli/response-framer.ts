/** What the framer hands back for the bytes it was given. */
export interface ResponseFramerEvents {
  /**
   * Bytes for the browser, in order: heads without the backend's connection headers (a string of
   * latin1 bytes, written as such: no buffer made for it here), bodies as they came.
   */
  write(bytes: Buffer | string): void;
  /** The answer to the request in flight is complete; `reusable` false when the backend will close. */
  ended(reusable: boolean): void;
}

export interface ResponseFramer {
  /** A request went out; its answer is next on the connection (HEAD answers have no body). */
  expect(method: string): void;
  /** Bytes the backend sent. Returns false on bytes no answer explains: the connection must go. */
  push(chunk: Buffer): boolean;
  /** Bytes of an answer were already passed on (a break now leaves the browser a partial answer). */
  readonly started: boolean;
  /** The answer in flight has neither length nor chunks: the backend's close is its end. */
  readonly endsWithClose: boolean;
}

/** The largest response head accepted from a backend (Node's own limit for heads). */
const MAX_RESPONSE_HEAD_BYTES = 16 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n');

type BodyMode = { kind: 'length'; left: number } | { kind: 'chunked' } | { kind: 'until-close' };

/**
 * Finds where each of a backend's answers ends on a kept-alive connection, so that the next request
 * is read only after it and a connection that breaks mid-answer is told from one that closed idle.
 * Bodies pass through untouched (no decoding, no copy); only heads are rewritten, to drop the
 * backend's Connection and Keep-Alive fields (the browser's connection is the ingress's to manage,
 * and `addedFields` say how), as the http.Server path does. The backend is ours, but its bytes are still checked for framing.
 */
export function createResponseFramer(
  events: ResponseFramerEvents,
  /** Header lines added to every head instead of the backend's connection fields (e.g. `Keep-Alive: timeout=5`). */
  addedFields: readonly string[] = [],
): ResponseFramer {
  let method: string | undefined;
  let head: Buffer | undefined;
  let body: BodyMode | undefined;
  let status = 0;
  let reusable = true;
  const chunked = createChunkedScanner();

  function finish(): void {
    method = undefined;
    body = undefined;
    head = undefined;
    events.ended(reusable);
  }

  /** Returns how many bytes of `chunk` from `offset` belonged to the head, or -1 on a bad head. */
  function readHead(chunk: Buffer, offset: number): number {
    const joined = head ? Buffer.concat([head, chunk.subarray(offset)]) : chunk.subarray(offset);
    const end = joined.indexOf(HEAD_END);
    if (end === -1) {
      if (joined.length > MAX_RESPONSE_HEAD_BYTES) return -1;
      head = Buffer.from(joined);
      return chunk.length - offset;
    }
    const previous = head?.length ?? 0;
    head = undefined;
    const parsed = parseResponseHead(joined.toString('latin1', 0, end), addedFields);
    if (!parsed) return -1;
    events.write(`${parsed.head}\r\n\r\n`);
    status = parsed.status;
    reusable = parsed.reusable;
    if (status >= 100 && status < 200) return end + 4 - previous; // an interim answer: the final one follows
    if (method === 'HEAD' || status === 204 || status === 304) body = { kind: 'length', left: 0 };
    else if (parsed.chunked) body = { kind: 'chunked' };
    else if (parsed.contentLength !== undefined) body = { kind: 'length', left: parsed.contentLength };
    else body = { kind: 'until-close' };
    if (body.kind === 'until-close') reusable = false;
    chunked.reset();
    return end + 4 - previous;
  }

  let started = false;
  return {
    get started() {
      return started;
    },
    get endsWithClose() {
      return body?.kind === 'until-close';
    },
    expect(requestMethod) {
      method = requestMethod;
      started = false;
    },
    push(chunk) {
      let offset = 0;
      while (offset < chunk.length) {
        if (method === undefined) return false; // bytes nobody asked for
        started = true;
        if (!body) {
          const used = readHead(chunk, offset);
          if (used < 0) return false;
          offset += used;
          if (isEmptyBody(body)) finish();
          continue;
        }
        if (body.kind === 'until-close') {
          events.write(offset === 0 ? chunk : chunk.subarray(offset));
          return true;
        }
        const take =
          body.kind === 'length' ? Math.min(body.left, chunk.length - offset) : chunked.scan(chunk, offset);
        if (take < 0) return false;
        events.write(offset === 0 && take === chunk.length ? chunk : chunk.subarray(offset, offset + take));
        offset += take;
        if (body.kind === 'length') body.left -= take;
        if ((body.kind === 'length' && body.left === 0) || (body.kind === 'chunked' && chunked.done))
          finish();
      }
      return true;
    },
  };
}

/** Typed apart so that the narrowing in `push` does not outlive readHead's assignment. */
function isEmptyBody(body: BodyMode | undefined): boolean {
  return body?.kind === 'length' && body.left === 0;
}

interface ParsedResponseHead {
  head: string;
  status: number;
  contentLength: number | undefined;
  chunked: boolean;
  reusable: boolean;
}

function parseResponseHead(text: string, addedFields: readonly string[]): ParsedResponseHead | undefined {
  const lines = text.split('\r\n');
  const statusLine = lines[0] ?? '';
  if (!/^HTTP\/1\.[01] \d{3}(?: |$)/.test(statusLine)) return undefined;
  const kept = [statusLine];
  let contentLength: number | undefined;
  let chunked = false;
  let reusable = statusLine.startsWith('HTTP/1.1');
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] as string;
    const colon = line.indexOf(':');
    if (colon <= 0 || /[\r\n]/.test(line)) return undefined;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'connection') {
      if (/(?:^|,)\s*close\s*(?:,|$)/i.test(value)) reusable = false;
      continue;
    }
    if (name === 'keep-alive') continue;
    if (name === 'content-length') {
      if (!/^\d{1,15}$/.test(value) || (contentLength !== undefined && contentLength !== Number(value)))
        return undefined;
      contentLength = Number(value);
    }
    if (name === 'transfer-encoding') chunked = /(?:^|,)\s*chunked\s*$/i.test(value);
    kept.push(line);
  }
  kept.push(...addedFields);
  return {
    head: kept.join('\r\n'),
    status: Number(statusLine.slice(9, 12)),
    contentLength,
    chunked,
    reusable,
  };
}

/**
 * Walks a chunked body's framing (size lines, data, trailers) without decoding it, to find its end.
 * `scan` returns how many bytes from `offset` belong to the body (-1 on a malformed size line).
 */
function createChunkedScanner() {
  let state: 'size' | 'size-rest' | 'data' | 'data-cr' | 'data-lf' | 'trailer' = 'size';
  let size = 0;
  let sizeDigits = 0;
  let dataLeft = 0;
  let lineLength = 0;
  let done = false;
  return {
    get done() {
      return done;
    },
    reset() {
      state = 'size';
      size = 0;
      sizeDigits = 0;
      lineLength = 0;
      done = false;
    },
    scan(chunk: Buffer, offset: number): number {
      let index = offset;
      while (index < chunk.length && !done) {
        if (state === 'data') {
          const take = Math.min(dataLeft, chunk.length - index);
          index += take;
          dataLeft -= take;
          if (dataLeft === 0) state = 'data-cr';
          continue;
        }
        const byte = chunk[index++] as number;
        if (state === 'size') {
          const digit = hexValue(byte);
          if (digit >= 0 && sizeDigits < 12) {
            size = size * 16 + digit;
            sizeDigits++;
          } else if (sizeDigits > 0 && (byte === 0x0d || byte === 0x3b || byte === 0x20 || byte === 0x09)) {
            state = 'size-rest';
          } else return -1;
        } else if (state === 'size-rest') {
          if (byte !== 0x0a) continue; // chunk extensions, then CRLF
          if (size === 0) {
            state = 'trailer';
            lineLength = 0;
          } else {
            state = 'data';
            dataLeft = size;
          }
          size = 0;
          sizeDigits = 0;
        } else if (state === 'data-cr') {
          if (byte !== 0x0d) return -1;
          state = 'data-lf';
        } else if (state === 'data-lf') {
          if (byte !== 0x0a) return -1;
          state = 'size';
        } else if (byte === 0x0a) {
          if (lineLength === 0) done = true; // the empty line after the last chunk and its trailers
          lineLength = 0;
        } else if (byte !== 0x0d) lineLength++;
      }
      return index - offset;
    },
  };
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  return -1;
}
