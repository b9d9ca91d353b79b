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
 * start so it cannot grow without bound); its stderr also reaches the person, prefixed. The
 * automation service gets its own (`name` automations: automations.log, lines prefixed `automations:`).
 */
export function openRuntimeLog(
  dataDir: string,
  writeError: (line: string) => void,
  name = 'runtime',
): RuntimeLog {
  const path = join(dataDir, `${name}.log`);
  const file = createWriteStream(path, { flags: 'w', mode: 0o600 });
  // A full disk must not take the launcher down; the person still sees stderr.
  file.on('error', () => {});
  return {
    path,
    output: {
      log: (line) => file.write(`${line}\n`),
      error: (line) => writeError(`${name}: ${line}`),
    },
    close: () => new Promise<void>((resolve) => file.end(resolve)),
  };
}
