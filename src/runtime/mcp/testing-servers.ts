import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findExecutable } from '../sandbox/find-executable';
import type { StdioSandbox } from './connect-mcp-server';
import type { MCPStdioServer } from './mcp-server-config';

/** Test helpers: the real reference servers from npm, run with node (no npx, so offline works). */
const require = createRequire(import.meta.url);

export const EVERYTHING_SCRIPT = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
export const FILESYSTEM_SCRIPT = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');

export const bwrapPath = findExecutable('bwrap', process.env.PATH);

export function everythingServer(extra: Partial<MCPStdioServer> = {}): MCPStdioServer {
  return { command: process.execPath, args: [EVERYTHING_SCRIPT, 'stdio'], ...extra };
}

export function filesystemServer(root: string): MCPStdioServer {
  return { command: process.execPath, args: [FILESYSTEM_SCRIPT, root] };
}

export interface TestSandbox {
  root: string;
  workspaceDir: string;
  dataDir: string;
  sandbox: StdioSandbox;
  remove(): Promise<void>;
}

/** A workspace, a data dir and an outputs dir under the system temp folder; bwrap when the host has it. */
export async function makeTestSandbox(): Promise<TestSandbox> {
  const root = await mkdtemp(join(tmpdir(), 'awb-mcp-'));
  const workspaceDir = join(root, 'workspace');
  const dataDir = join(root, 'data');
  const readOnlyDir = join(dataDir, 'observations', 'c1');
  await mkdir(workspaceDir, { recursive: true });
  await mkdir(readOnlyDir, { recursive: true });
  return {
    root,
    workspaceDir,
    dataDir,
    sandbox: { workspaceDir, readOnlyDir, dataDir, bwrapPath },
    // A container's process may still be writing in the workspace while its removal completes: rm
    // retries ENOTEMPTY (a test failed on it once) instead of failing the test's clean-up.
    remove: () => rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }),
  };
}
