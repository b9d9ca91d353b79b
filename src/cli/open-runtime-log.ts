import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeOutput } from './spawn-runtime';

export interface RuntimeLog {
  path: string;
  output: RuntimeOutput;
  close(): Promise<void>;
}

/**
 * <data-dir>/runtime.log holds everything the runtime printed during this launch (rewritten at each
 * start so it cannot grow without bound); its stderr also reaches the person, prefixed.
 */
export function openRuntimeLog(dataDir: string, writeError: (line: string) => void): RuntimeLog {
  const path = join(dataDir, 'runtime.log');
  const file = createWriteStream(path, { flags: 'w', mode: 0o600 });
  // A full disk must not take the launcher down; the person still sees stderr.
  file.on('error', () => {});
  return {
    path,
    output: {
      log: (line) => file.write(`${line}\n`),
      error: (line) => writeError(`runtime: ${line}`),
    },
    close: () => new Promise<void>((resolve) => file.end(resolve)),
  };
}
