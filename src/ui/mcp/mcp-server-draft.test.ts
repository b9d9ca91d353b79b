import { describe, expect, it } from 'vitest';
import { configOf, draftOf, EMPTY_DRAFT } from './mcp-server-draft';

describe('the MCP server form', () => {
  it('turns a stdio draft into a server, one argument and one env pair per line', () => {
    expect(
      configOf({
        ...EMPTY_DRAFT,
        name: 'everything',
        command: ' /usr/bin/node ',
        args: '/srv/everything/index.js\nstdio\n',
        env: 'TOKEN=abc=def',
      }),
    ).toEqual({
      ok: true,
      name: 'everything',
      config: {
        command: '/usr/bin/node',
        args: ['/srv/everything/index.js', 'stdio'],
        env: { TOKEN: 'abc=def' },
      },
    });
  });

  it('turns an HTTP draft into a server with its headers', () => {
    expect(
      configOf({
        ...EMPTY_DRAFT,
        name: 'remote',
        transport: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: 'Authorization: Bearer x:y',
      }),
    ).toEqual({
      ok: true,
      name: 'remote',
      config: { url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x:y' } },
    });
  });

  it('says what is wrong: a name with spaces, no command, a bad env line, a URL that is not http', () => {
    expect(configOf({ ...EMPTY_DRAFT, name: 'my server', command: 'x' })).toMatchObject({ ok: false });
    expect(configOf({ ...EMPTY_DRAFT, name: 'a' })).toMatchObject({ ok: false, error: /Command/ });
    expect(configOf({ ...EMPTY_DRAFT, name: 'a', command: 'x', env: 'NOVALUE' })).toMatchObject({
      ok: false,
      error: /NOVALUE/,
    });
    expect(configOf({ ...EMPTY_DRAFT, name: 'a', transport: 'http', url: 'ftp://x' })).toMatchObject({
      ok: false,
      error: /URL/,
    });
  });

  it('editing keeps what the form does not show and the masked values as shown', () => {
    const saved = {
      command: 'node',
      env: { TOKEN: '‹hidden›' },
      enabled: false,
      call_timeout_seconds: 5,
      read_only_paths: ['/opt/x'],
    };
    const draft = draftOf('local', saved);
    expect(draft.env).toBe('TOKEN=‹hidden›');
    expect(configOf(draft, saved)).toEqual({ ok: true, name: 'local', config: saved });
  });
});
