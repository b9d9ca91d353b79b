import { describe, expect, it } from 'vitest';
import { aptMirror } from './apt-mirror';

const files = (contents: Record<string, string>) => (path: string) => contents[path] ?? '';

describe('aptMirror', () => {
  it('takes the Debian archive of a deb822 sources file, not its security archive', () => {
    const read = files({
      '/a.sources': [
        'Types: deb',
        '# http://snapshot.example/archive/debian/20250520T000000Z',
        'URIs: http://mirror.example/debian-security',
        'Suites: bookworm-security',
        '',
        'Types: deb',
        'URIs: http://mirror.example/debian/',
        'Suites: bookworm bookworm-updates',
      ].join('\n'),
    });
    expect(aptMirror(['/a.sources'], read)).toBe('http://mirror.example/debian');
  });

  it('reads the one-line format with options, skipping comments and other archives', () => {
    const read = files({
      '/sources.list': [
        '# deb http://old.example/debian bookworm main',
        'deb [signed-by=/k.gpg] https://vendor.example/apt stable main',
        'deb [arch=amd64] https://mirror.example/debian bookworm main',
      ].join('\n'),
    });
    expect(aptMirror(['/missing', '/sources.list'], read)).toBe('https://mirror.example/debian');
  });

  it('is undefined on a machine without a Debian archive', () => {
    expect(aptMirror(['/none'], files({ '/none': 'URIs: file:///srv/debian\n' }))).toBeUndefined();
  });
});
