import { describe, expect, it } from 'vitest';
import { createResponseFramer } from './response-framer';

/** Feeds `chunks` to a framer expecting one answer to `method`; returns what it wrote and how it ended. */
function frame(method: string, chunks: string[]) {
  const written: string[] = [];
  const ended: boolean[] = [];
  const framer = createResponseFramer({
    write: (bytes) => written.push(typeof bytes === 'string' ? bytes : bytes.toString('latin1')),
    ended: (reusable) => ended.push(reusable),
  });
  framer.expect(method);
  const accepted = chunks.map((chunk) => framer.push(Buffer.from(chunk, 'latin1')));
  return { text: written.join(''), ended, accepted, framer };
}

describe('createResponseFramer', () => {
  it("drops the backend's Connection and Keep-Alive fields and ends after Content-Length bytes", () => {
    const result = frame('GET', [
      'HTTP/1.1 200 OK\r\nConnection: keep-alive\r\nKeep-Alive: timeout=72\r\nContent-Length: 5\r\n\r\nhe',
      'llo',
    ]);
    expect(result.text).toBe('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello');
    expect(result.ended).toEqual([true]);
  });

  it('finds the end of a chunked body split anywhere, trailers included, and passes it on as it came', () => {
    const body = '5;x=1\r\nhello\r\n0\r\nX-Trailer: 1\r\n\r\n';
    const chunks = ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n', ...body.split('')];
    const result = frame('GET', chunks);
    expect(result.text).toBe(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${body}`);
    expect(result.ended).toEqual([true]);
  });

  it('ends a HEAD answer, a 204 and a 304 at their heads', () => {
    expect(frame('HEAD', ['HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n']).ended).toEqual([true]);
    expect(frame('GET', ['HTTP/1.1 204 No Content\r\n\r\n']).ended).toEqual([true]);
    expect(frame('GET', ['HTTP/1.1 304 Not Modified\r\nContent-Length: 3\r\n\r\n']).ended).toEqual([true]);
  });

  it('passes an interim answer on and waits for the final one', () => {
    const result = frame('GET', [
      'HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n',
    ]);
    expect(result.text).toContain('103 Early Hints');
    expect(result.ended).toEqual([true]);
  });

  it('says the connection cannot be reused after Connection: close, and treats a body without length as ending with the close', () => {
    expect(frame('GET', ['HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n']).ended).toEqual(
      [false],
    );
    const open = frame('GET', ['HTTP/1.1 200 OK\r\n\r\nsome']);
    expect(open.ended).toEqual([]);
    expect(open.framer.endsWithClose).toBe(true);
  });

  it('refuses bytes after a complete answer, a malformed status line, and conflicting lengths', () => {
    expect(frame('GET', ['HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nab']).accepted).toEqual([false]);
    expect(frame('GET', ['HTTP/9 200 OK\r\n\r\n']).accepted).toEqual([false]);
    expect(
      frame('GET', ['HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n']).accepted,
    ).toEqual([false]);
    expect(frame('GET', ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n']).accepted).toEqual([
      false,
    ]);
  });
});
