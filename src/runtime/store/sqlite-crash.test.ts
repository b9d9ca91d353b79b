import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testId } from '../events/fixtures/event-builders';
import { openSqliteEventStore } from './sqlite-event-store';

const here = dirname(fileURLToPath(import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'sqlite-crash-'));
const appender = join(directory, 'appender.cjs');
const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');

// The appender is the store's own source, bundled once with esbuild (the transformer tsx runs on):
// starting `node --import tsx` 50 times costs 1-2 s each on a busy machine, a bundle a few hundred ms.
// better-sqlite3 stays external, required by absolute path (its native binding cannot be bundled).
beforeAll(async () => {
  await build({
    entryPoints: [join(here, 'sqlite-crash-appender.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    plugins: [
      {
        name: 'better-sqlite3-by-path',
        setup(build) {
          build.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: betterSqlite, external: true }));
        },
      },
    ],
    outfile: appender,
    logLevel: 'error',
  });
});
afterAll(async () => rmSync(directory, { recursive: true, force: true }));

/** A small seeded generator, so the kill moments are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Starts the appender, kills it with SIGKILL `delayMs` after it is ready, resolves with the acknowledged seqs. */
function appendUntilKilled(path: string, delayMs: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', appender, path], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    let armed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!armed && output.startsWith('ready\n')) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') {
        reject(
          new Error(
            `appender exited on its own (${signal ?? _code}): ${errors.split('\n').slice(0, 6).join(' | ')}`,
          ),
        );
        return;
      }
      // Only complete lines are acknowledgements; a cut last line was never fully sent.
      const lines = output.split('\n').slice(1, -1);
      resolve(lines.map(Number));
    });
  });
}

describe('sqlite store under SIGKILL', () => {
  it('keeps every acknowledged event and a gap-free log across 50 kills at random moments', async () => {
    const path = join(directory, 'crash.db');
    const random = seededRandom(42);
    let acknowledgedTotal = 0;
    for (let round = 0; round < 50; round += 1) {
      const acknowledged = await appendUntilKilled(path, Math.floor(random() * 40));
      acknowledgedTotal += acknowledged.length;
      const store = openSqliteEventStore(path);
      const events = await store.readEvents(testId(1));
      const record = await store.getConversation(testId(1));
      await store.close();
      expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
      expect(events.map((event) => event.id)).toEqual(events.map((_, index) => testId(100_000 + index)));
      for (const seq of acknowledged) expect(events[seq]?.seq).toBe(seq);
      expect(record?.last_seq).toBe(events.length - 1);
      expect(record?.leaf_event_id ?? null).toBe(events.at(-1)?.id ?? null);
    }
    // The kills must have landed during appends, not only before the first one.
    expect(acknowledgedTotal).toBeGreaterThan(50);
    // About 15 s on an idle two-core machine, 45 s when other jobs load it: the margin is for the latter.
  }, 90_000);
});
