import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HELPER = fileURLToPath(new URL('./suspend-v8-flags.ts', import.meta.url));
const TSX = new URL('../../../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
const MEMORY_FLAGS = ['--max-semi-space-size=1', '--optimize-for-size'];

/**
 * Node reports each built-in module it compiles, and whether V8 took its code cache
 * (NODE_DEBUG_NATIVE=CODE_CACHE). The script suspends the flags, loads zlib, resumes, loads dns (tsx
 * loads neither), then fills the young generation and prints its size.
 */
const SCRIPT = `
import { suspendV8Flags } from ${JSON.stringify(HELPER)};
import { getHeapSpaceStatistics } from 'node:v8';
const resume = suspendV8Flags(process.execArgv);
await import('node:zlib');
resume();
await import('node:dns');
const kept = [];
for (let i = 0; i < 300_000; i++) kept.push({ i });
const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
console.log('new space MiB ' + newSpace.space_size / 1048576);
`;

async function run(flags: string[]): Promise<{ cache: Record<string, string>; newSpaceMiB: number }> {
  const child = spawn(process.execPath, [...flags, '--import', TSX, '--input-type=module', '-e', SCRIPT], {
    env: { ...process.env, NODE_DEBUG_NATIVE: 'CODE_CACHE' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`exit ${code}: ${stderr}`);
  const cache: Record<string, string> = {};
  for (const [, name, verdict] of stderr.matchAll(/Code cache of (\S+) .*is (accepted|rejected)/g)) {
    if (name && verdict) cache[name] = verdict;
  }
  return { cache, newSpaceMiB: Number(/new space MiB (\S+)/.exec(stdout)?.[1]) };
}

describe('suspendV8Flags', () => {
  it("lets V8 take Node's code cache for built-ins loaded meanwhile, and sets the flags again after", async () => {
    const { cache } = await run(MEMORY_FLAGS);
    expect(cache.zlib).toBe('accepted');
    expect(cache.dns).toBe('rejected');
  });

  it('keeps the young generation as small as the flags made it at start', async () => {
    expect((await run(MEMORY_FLAGS)).newSpaceMiB).toBeLessThanOrEqual(2);
    // The same allocation without the flags lets it grow: the figure above is theirs.
    expect((await run([])).newSpaceMiB).toBeGreaterThan(2);
  });

  it('changes nothing for a process started without them', async () => {
    const { cache } = await run([]);
    expect(cache.zlib).toBe('accepted');
    expect(cache.dns).toBe('accepted');
  });
});
