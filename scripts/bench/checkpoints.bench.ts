import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCheckpointStore } from '../../src/runtime/checkpoints/create-checkpoint-store';
import { DEFAULT_SANDBOX_SETTINGS } from '../../src/runtime/sandbox/sandbox-settings';
import { findExecutable } from '../../src/runtime/sandbox/find-executable';
import { workspaceConfinement } from '../../src/runtime/sandbox/workspace-confinement';
import type { BenchFigure } from './bench-figure';
import { BENCH_REPOSITORY_FILES as FILES, writeBenchRepository } from './write-bench-repository';

const FIRST_RUNS = 3;
const INCREMENTAL_RUNS = 20;
const RESTORE_RUNS = 10;

/**
 * Checkpoints on a 10,000-file repository (nested folders, sizes from a few bytes to 64 KiB, a few
 * binaries): the first snapshot (a fresh shadow repository each run), an incremental snapshot after
 * one file changed (target: under 200 ms), a restore that puts one file back, and the bytes one
 * incremental checkpoint adds to the shadow repository. Sandboxed when bwrap is installed (as in
 * production), unsandboxed otherwise (the figure names say which).
 */
export default async function checkpointsBench(): Promise<BenchFigure[]> {
  const sandboxed = findExecutable('bwrap', process.env.PATH) !== undefined;
  if (!sandboxed) console.warn('checkpoints bench: bwrap is not installed; running unsandboxed');
  const mode = sandboxed ? 'sandboxed' : 'no sandbox';
  const root = mkdtempSync(join(tmpdir(), 'awb-checkpoints-bench-'));
  try {
    const dataDir = join(root, 'data');
    const workspace = join(root, 'workspace');
    mkdirSync(dataDir);
    writeBenchRepository(workspace);
    const confinement = workspaceConfinement({
      dataDir,
      sandboxSettings: DEFAULT_SANDBOX_SETTINGS,
      env: sandboxed ? { PATH: process.env.PATH } : { PATH: process.env.PATH, AGENT_WORKBENCH_SANDBOX: '0' },
    });
    const storeAt = (name: string) =>
      createCheckpointStore({
        shadowDir: join(dataDir, 'checkpoints', name),
        workspaceDir: workspace,
        confinement,
      });

    const first: number[] = [];
    for (let run = 0; run < FIRST_RUNS; run++) {
      const store = storeAt(`first-${run}`);
      first.push(await timed(() => store.snapshot()));
      await store.remove();
    }

    const store = storeAt('main');
    const base = await store.snapshot();
    if (base.skipped.length > 0) throw new Error(`unexpected skipped files: ${base.skipped.length}`);
    const incremental: number[] = [];
    const disk: number[] = [];
    let previous = base;
    for (let run = 0; run < INCREMENTAL_RUNS; run++) {
      writeFileSync(join(workspace, 'd3', 'd1', `f${run}.ts`), `export const changed = ${run};\n`);
      const before = folderBytes(join(dataDir, 'checkpoints', 'main'));
      incremental.push(await timed(async () => (previous = await store.snapshot())));
      disk.push(folderBytes(join(dataDir, 'checkpoints', 'main')) - before);
    }

    const restore: number[] = [];
    for (let run = 0; run < RESTORE_RUNS; run++) {
      const target = await store.snapshot();
      writeFileSync(join(workspace, 'd0', 'f0.ts'), `agent edit ${run}\n`);
      restore.push(
        await timed(async () => {
          const result = await store.restore(target.id);
          if (result.changed.length !== 1) throw new Error(`restore changed ${result.changed.length} files`);
        }),
      );
    }
    if (previous.id === base.id) throw new Error('the incremental snapshots made no new checkpoint');

    return [
      { name: `checkpoint, first snapshot of ${FILES} files (${mode})`, unit: 'ms', samples: first },
      {
        name: `checkpoint, incremental snapshot, 1 of ${FILES} files changed (${mode})`,
        unit: 'ms',
        samples: incremental,
      },
      {
        name: `checkpoint, restore of 1 changed file incl. backup snapshot (${mode})`,
        unit: 'ms',
        samples: restore,
      },
      { name: 'checkpoint, disk use per incremental checkpoint', unit: 'bytes', samples: disk },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

/** Bytes of every file under `folder` (apparent sizes). */
function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}
