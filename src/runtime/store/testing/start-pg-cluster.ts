import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A throwaway PostgreSQL server in a temp folder, for tests and benchmarks. */
export interface PgCluster {
  /** `postgres://…` of the cluster's `postgres` database (as the superuser `workbench`). */
  readonly url: string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server at once and removes its folder. */
  stop(): void;
}

export interface PgClusterOptions {
  /**
   * Commits wait for the disk as in production (fsync on). Off by default: tests do not need a power
   * loss to be survivable, and the machine's disk is shared.
   */
  durable?: boolean;
}

const SUPERUSER = 'workbench';

/**
 * initdb into a temp folder and a server on a free local port (its socket in that folder too). initdb
 * and the server refuse to run as root, so as root they run as the `postgres` user the Debian package
 * creates, in a folder handed to it. Throws with a clear message when the binaries are missing:
 * `.ci/run` installs them, so a test needing them must fail, not skip.
 */
export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = postgresBinDir();
  const folder = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const path = join(bin, command);
    execFileSync(asRoot ? 'runuser' : path, asRoot ? ['-u', 'postgres', '--', path, ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(folder, uid, gid);
    chmodSync(folder, 0o700);
  }
  const data = join(folder, 'data');
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    const settings = [
      `-p ${port}`,
      `-k ${folder}`,
      "-c listen_addresses='127.0.0.1'",
      ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ].join(' ');
    run('pg_ctl', ['start', '-w', '-D', data, '-l', join(folder, 'server.log'), '-o', settings]);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`could not start a PostgreSQL cluster: ${failureText(error)}`);
  }
  const base = `postgres://${SUPERUSER}@127.0.0.1:${port}`;
  let stopped = false;
  return {
    url: `${base}/postgres`,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: `${base}/postgres` });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      } finally {
        await client.end();
      }
      return `${base}/${encodeURIComponent(name)}`;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['stop', '-D', data, '-m', 'immediate']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

/** The newest `/usr/lib/postgresql/<version>/bin` holding initdb. */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) {
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): install the Debian package `postgresql` (.ci/run does)',
    );
  }
  return join(root, newest, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function failureText(error: unknown): string {
  const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
  return stderr || (error instanceof Error ? error.message : String(error));
}
