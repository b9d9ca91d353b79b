import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { requireEngine } from '../sandbox/docker/testing/require-engine';
import { testDockerBackend } from '../sandbox/docker/testing/test-docker-backend';
import type { SandboxBackend } from '../sandbox/sandbox-backend';
import type { MCPStdioServer } from './mcp-server-config';
import { EVERYTHING_SCRIPT, FILESYSTEM_SCRIPT, makeTestSandbox, type TestSandbox } from './testing-servers';

export type TestBackendKind = 'bubblewrap' | 'docker' | 'podman';

/** A test sandbox of either backend, with the reference servers where its node can run them. */
export interface BackendTestSandbox extends TestSandbox {
  kind: TestBackendKind;
  /** `node` as the sandbox has it: the runtime's in bubblewrap, the image's in a container. */
  node: string;
  /** The everything server, bundled into the workspace (a container sees nothing else of the host). */
  everything(extra?: Partial<MCPStdioServer>): MCPStdioServer;
  /** The filesystem server, bundled likewise, allowed `root`. */
  filesystem(root: string): MCPStdioServer;
  /** Where the bundles lie in the workspace (a script there may import them). */
  serversDir: string;
}

let bundled: Promise<string> | undefined;

/**
 * The folder of the npm reference servers (`everything.mjs`, `filesystem.mjs`), each bundled into one
 * file once per test process: the container's node (the image's, Debian's) runs them without
 * node_modules, and bubblewrap's the same files.
 */
export function bundleReferenceServers(): Promise<string> {
  bundled ??= (async () => {
    const outdir = await mkdtemp(join(tmpdir(), 'awb-mcp-bundles-'));
    for (const [name, entry] of [
      ['everything', EVERYTHING_SCRIPT],
      ['filesystem', FILESYSTEM_SCRIPT],
    ] as const) {
      await build({
        entryPoints: [entry],
        outfile: join(outdir, `${name}.mjs`),
        bundle: true,
        platform: 'node',
        format: 'esm',
        logLevel: 'error',
        // Their CommonJS dependencies call require, which an ES module lacks.
        banner: {
          js: "import { createRequire as awbRequire } from 'node:module'; const require = awbRequire(import.meta.url);",
        },
      });
    }
    return outdir;
  })();
  return bundled;
}

/**
 * makeTestSandbox for `kind`: on docker (or Podman's compatible service), a container backend for the workspace whose stdio servers
 * start in its container. Fails (never skips) without bwrap or a Docker daemon with the image.
 */
export async function makeBackendTestSandbox(kind: TestBackendKind): Promise<BackendTestSandbox> {
  const bundles = await bundleReferenceServers();
  const box = await makeTestSandbox();
  const serversDir = join(box.workspaceDir, '.mcp-servers');
  await mkdir(serversDir);
  for (const name of ['everything', 'filesystem'])
    await copyFile(join(bundles, `${name}.mjs`), join(serversDir, `${name}.mjs`));
  const backend: SandboxBackend | undefined =
    kind !== 'bubblewrap'
      ? testDockerBackend(await requireEngine(kind), {
          workspaceDir: box.workspaceDir,
          dataDir: box.dataDir,
          exposedPaths: [box.sandbox.readOnlyDir],
        })
      : undefined;
  const node = kind === 'bubblewrap' ? process.execPath : 'node';
  return {
    ...box,
    kind,
    node,
    serversDir,
    sandbox: {
      ...box.sandbox,
      ...(backend?.startPiped ? { startPiped: backend.startPiped.bind(backend) } : {}),
    },
    everything: (extra = {}) => ({
      command: node,
      args: [join(serversDir, 'everything.mjs'), 'stdio'],
      ...extra,
    }),
    filesystem: (root) => ({ command: node, args: [join(serversDir, 'filesystem.mjs'), root] }),
    async remove() {
      await backend?.dispose();
      await box.remove();
    },
  };
}
