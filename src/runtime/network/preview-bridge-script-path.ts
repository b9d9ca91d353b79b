import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Beside this module from source, back in the source tree from the bundle (as bridge-script-path.ts). */
const CANDIDATES = ['./preview-bridge.mjs', '../../src/runtime/network/preview-bridge.mjs'];

/** Absolute path of the preview bridge script: `node <path> <socket-path>`, run in a sandbox's network. */
export const previewBridgeScriptPath: string =
  CANDIDATES.map((candidate) => fileURLToPath(new URL(candidate, import.meta.url))).find((path) =>
    existsSync(path),
  ) ?? fileURLToPath(new URL(CANDIDATES[0] ?? '', import.meta.url));
