import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const BENCH_REPOSITORY_FILES = 10_000;

/** 10,000 files in 100 folders two levels deep; sizes cycle from 20 bytes to 64 KiB; 1 in 100 binary. */
export function writeBenchRepository(workspace: string): void {
  const sizes = [20, 200, 1_000, 4_000, 16_000, 65_536];
  mkdirSync(workspace);
  writeFileSync(join(workspace, '.gitignore'), 'node_modules/\n');
  for (let index = 0; index < BENCH_REPOSITORY_FILES - 1; index++) {
    const folder = join(workspace, `d${index % 10}`, `d${Math.floor(index / 10) % 10}`);
    mkdirSync(folder, { recursive: true });
    const size = sizes[index % sizes.length] ?? 20;
    const content =
      index % 100 === 7
        ? Buffer.alloc(size, index % 251)
        : Buffer.from(`// file ${index}\n${'x'.repeat(60)}\n`.repeat(Math.ceil(size / 72)).slice(0, size));
    writeFileSync(join(folder, `f${index}.ts`), content);
  }
}
