import { describe, expect, it } from 'vitest';
import { stripHopByHopHeaders } from './strip-hop-by-hop-headers';

describe('stripHopByHopHeaders', () => {
  it('drops connection-level headers and those the Connection header names, keeps the rest', () => {
    const kept = stripHopByHopHeaders({
      connection: 'keep-alive, X-Trace',
      'keep-alive': 'timeout=5',
      'proxy-connection': 'keep-alive',
      'proxy-authorization': 'Basic secret',
      'transfer-encoding': 'chunked',
      te: 'trailers',
      upgrade: 'websocket',
      'x-trace': 'abc',
      accept: 'application/json',
      'user-agent': 'npm/10',
    });
    expect(kept).toEqual({ accept: 'application/json', 'user-agent': 'npm/10' });
  });
});
