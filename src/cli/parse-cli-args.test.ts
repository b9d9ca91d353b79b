import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './parse-cli-args';

describe('parseCliArgs', () => {
  it('uses the contract defaults', () => {
    expect(parseCliArgs([])).toEqual({
      kind: 'run',
      options: {
        port: 8000,
        host: '127.0.0.1',
        runtimePort: 18000,
        automationPort: 18100,
        dataDir: undefined,
        workspace: undefined,
        open: true,
        public: false,
        runtimeUrl: undefined,
        runtimes: 1,
        allowOrigins: [],
      },
    });
  });

  it('reads every flag', () => {
    const command = parseCliArgs([
      '--port=9000',
      '--host',
      'localhost',
      '--runtime-port',
      '19000',
      '--automation-port',
      '19100',
      '--data-dir',
      '/tmp/d',
      '--workspace',
      'proj',
      '--no-open',
      '--runtime-url',
      'http://127.0.0.1:7000',
    ]);
    expect(command).toEqual({
      kind: 'run',
      options: {
        port: 9000,
        host: 'localhost',
        runtimePort: 19000,
        automationPort: 19100,
        dataDir: '/tmp/d',
        workspace: 'proj',
        open: false,
        public: false,
        runtimeUrl: 'http://127.0.0.1:7000',
        runtimes: 1,
        allowOrigins: [],
      },
    });
  });

  it('reads --runtimes and refuses counts it cannot start', () => {
    const command = parseCliArgs(['--runtimes', '3', '--database-url', 'postgres://u@h/db']);
    expect(command.kind === 'run' && command.options.runtimes).toBe(3);
    for (const bad of ['0', '17', 'two', '1.5', '-1']) {
      const refused = parseCliArgs([`--runtimes=${bad}`]);
      expect(refused.kind === 'usage-error' && refused.message).toMatch(
        /--runtimes must be a whole number from 1 to 16/,
      );
    }
    const withUrl = parseCliArgs(['--runtimes', '2', '--runtime-url', 'http://127.0.0.1:7000']);
    expect(withUrl.kind === 'usage-error' && withUrl.message).toMatch(
      /cannot be combined with --runtime-url/,
    );
    const pastEnd = parseCliArgs(['--runtimes', '4', '--runtime-port', '65534']);
    expect(pastEnd.kind === 'usage-error' && pastEnd.message).toMatch(/runs past port 65535/);
  });

  it('answers help and version', () => {
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseCliArgs(['-h'])).toEqual({ kind: 'help' });
    expect(parseCliArgs(['--version'])).toEqual({ kind: 'version' });
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['extra'], /positional argument/],
    [['--port'], /argument missing/],
    [['--port', '0'], /--port must be from 1 to 65535, got 0/],
    [['--port', '99999'], /--port must be from 1 to 65535, got 99999/],
    [['--port', '80a'], /--port must be a whole number/],
    [['--port', '-1'], /--port must be a whole number|argument missing|ambiguous/],
    [['--runtime-port', '0'], /--runtime-port must be from 1 to 65535/],
    [['--runtime-port', '65536'], /--runtime-port must be from 1 to 65535/],
    [['--host', '0.0.0.0'], /not a loopback address; add --public/],
    [['--runtime-url', 'ftp://x'], /--runtime-url must be an http/],
    [['--data-dir='], /--data-dir must not be empty/],
    [
      ['--database-url', 'mysql://team:pw@db/workbench'],
      /^--database-url must be a postgres:\/\/ or postgresql:\/\/ URL$/,
    ],
  ])('refuses %j', (argv, message) => {
    const command = parseCliArgs(argv);
    expect(command.kind).toBe('usage-error');
    if (command.kind === 'usage-error') expect(command.message).toMatch(message);
  });

  it('allows a non-loopback host with --public and unwraps IPv6 brackets', () => {
    const open = parseCliArgs(['--public', '--host', '0.0.0.0']);
    expect(open.kind === 'run' && open.options.host).toBe('0.0.0.0');
    const ipv6 = parseCliArgs(['--host', '[::1]']);
    expect(ipv6.kind === 'run' && ipv6.options.host).toBe('::1');
  });

  it('takes a PostgreSQL URL for the conversations (absent: the SQLite file)', () => {
    const url = 'postgresql://team:secret@db.internal:5432/workbench';
    const command = parseCliArgs(['--database-url', url]);
    expect(command.kind === 'run' && command.options.databaseUrl).toBe(url);
    const plain = parseCliArgs([]);
    expect(plain.kind === 'run' && plain.options.databaseUrl).toBeUndefined();
  });

  it('reads --allow-origin as exact origins, repeatable, and refuses anything wider', () => {
    const command = parseCliArgs([
      '--allow-origin',
      'http://127.0.0.1:3001',
      '--allow-origin=HTTP://LOCALHOST:80/',
    ]);
    expect(command.kind === 'run' && command.options.allowOrigins).toEqual([
      'http://127.0.0.1:3001',
      'http://localhost',
    ]);
    for (const bad of [
      '*',
      'null',
      '127.0.0.1:3001',
      'http://x:1/path',
      'http://u@x:1',
      'ftp://x',
      'http://x?a',
    ]) {
      const refused = parseCliArgs(['--allow-origin', bad]);
      expect(refused.kind === 'usage-error' && refused.message, bad).toMatch(
        /--allow-origin must be an origin/,
      );
    }
  });

  it("reads the agent-server command with upstream's flags", () => {
    expect(parseCliArgs(['agent-server', '--host', '127.0.0.1', '--port', '8001'])).toEqual({
      kind: 'agent-server',
      options: {
        host: '127.0.0.1',
        port: 8001,
        dataDir: undefined,
        workspace: undefined,
        databaseUrl: undefined,
        allowOrigins: [],
        public: false,
      },
    });
    const defaults = parseCliArgs(['agent-server', '--allow-origin', 'http://127.0.0.1:3001']);
    expect(defaults.kind === 'agent-server' && defaults.options).toMatchObject({
      port: 8000,
      allowOrigins: ['http://127.0.0.1:3001'],
    });
    const open = parseCliArgs(['agent-server', '--host', '0.0.0.0']);
    expect(open.kind === 'usage-error' && open.message).toMatch(/add --public/);
    expect(parseCliArgs(['agent-server', '--runtimes', '2']).kind).toBe('usage-error');
  });

  it('reads --sandbox and --sandbox-image, and refuses a kind it does not know', () => {
    const command = parseCliArgs(['--sandbox', 'docker', '--sandbox-image', 'mine:2']);
    expect(command.kind === 'run' && command.options.sandbox).toBe('docker');
    expect(command.kind === 'run' && command.options.sandboxImage).toBe('mine:2');
    expect(parseCliArgs(['--sandbox', 'podman'])).toEqual({
      kind: 'usage-error',
      message: '--sandbox must be one of bubblewrap, docker, none, got "podman"',
    });
    expect(parseCliArgs(['--sandbox-image', '-rm']).kind).toBe('usage-error');
  });
});
