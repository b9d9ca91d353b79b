import { FALLBACK_CONTAINER_USER } from '../container-user';
import { randomUUID } from 'node:crypto';
import type Docker from 'dockerode';
import type { TerminalLimitSettings } from '../../limit-notices';
import type { SandboxNetworkOptions } from '../../sandbox-network';
import type { SandboxBackend } from '../../sandbox-backend';
import { DEFAULT_SANDBOX_IMAGE } from '../../sandbox-kind';
import { createDockerBackend } from '../docker-backend';

/** Labels the tests' containers, so a crashed test run's are found (`docker ps -a --filter label=…`). */
export const TEST_OWNER = 'agent-workbench-tests';

export interface TestDockerBackendOptions {
  workspaceDir: string;
  dataDir: string;
  homeDir?: string;
  denyPaths?: readonly string[];
  network?: SandboxNetworkOptions;
  limits?: TerminalLimitSettings;
  exposedPaths?: readonly string[];
  idleMs?: number;
  image?: string;
  /** Binds this host folder at the workspace's path instead (plays a daemon that does not share it). */
  workspaceSource?: string;
}

/**
 * A docker backend as a conversation's toolset makes one, for tests: a fresh conversation id, the
 * default image, and a root-owned workspace (tests run as root in CI) handed to uid 1000.
 */
export function testDockerBackend(docker: Docker, options: TestDockerBackendOptions): SandboxBackend {
  return createDockerBackend({
    docker,
    image: options.image ?? DEFAULT_SANDBOX_IMAGE,
    owner: TEST_OWNER,
    conversationId: randomUUID(),
    workspaceDir: options.workspaceDir,
    dataDir: options.dataDir,
    ...(options.homeDir === undefined ? {} : { homeDir: options.homeDir }),
    ...(options.denyPaths === undefined ? {} : { denyPaths: options.denyPaths }),
    ...(options.network === undefined ? {} : { network: options.network }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }),
    exposedPaths: options.exposedPaths ?? [],
    ...(options.workspaceSource === undefined ? {} : { workspaceSource: options.workspaceSource }),
    adoptRootOwned: FALLBACK_CONTAINER_USER,
  });
}
