import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where the script sits relative to this module: beside it when run from source (tsx, vitest), and
 * back in the source tree when esbuild bundled this module into dist/runtime/main.mjs, because the
 * bundle does not copy a file named only through `new URL(…, import.meta.url)`.
 */
const CANDIDATES = ['./sandbox-bridge.mjs', '../../src/runtime/network/sandbox-bridge.mjs'];

/**
 * Absolute path of the dependency-free bridge script the sandbox runs as
 * `node <bridgeScriptPath> <socketPath> <port>`. The sandbox launcher must ro-bind this exact path.
 */
export const bridgeScriptPath: string =
  CANDIDATES.map((candidate) => fileURLToPath(new URL(candidate, import.meta.url))).find((path) =>
    existsSync(path),
  ) ?? fileURLToPath(new URL(CANDIDATES[0] ?? '', import.meta.url));
