import { describe, expect, it } from 'vitest';
import { findDataDirHolder } from './find-data-dir-holder';

function files(entries: Record<string, string>) {
  return (path: string) => entries[path];
}

describe('findDataDirHolder', () => {
  it('names a live runtime recorded in the pid file', () => {
    const read = files({
      '/data/runtime.pid': '4242\n',
      '/proc/4242/cmdline': '/usr/bin/node\0/repo/dist/runtime/main.mjs\0',
    });
    expect(findDataDirHolder('/data', read)).toBe(4242);
  });

  it('names a runtime started from its sources, as the launcher does while the bundles are stale', () => {
    const read = files({
      '/data/runtime.pid': '4242\n',
      '/proc/4242/cmdline': '/usr/bin/node\0--import\0tsx\0/repo/src/server/process/main.ts\0',
    });
    expect(findDataDirHolder('/data', read)).toBe(4242);
  });

  it('treats a dead pid or a pid reused by another program as free', () => {
    expect(findDataDirHolder('/data', files({ '/data/runtime.pid': '4242' }))).toBeUndefined();
    const reused = files({ '/data/runtime.pid': '4242', '/proc/4242/cmdline': 'sleep\x00600' });
    expect(findDataDirHolder('/data', reused)).toBeUndefined();
  });

  it('treats a missing or garbled pid file as free', () => {
    expect(findDataDirHolder('/data', files({}))).toBeUndefined();
    expect(findDataDirHolder('/data', files({ '/data/runtime.pid': 'x' }))).toBeUndefined();
  });
});
