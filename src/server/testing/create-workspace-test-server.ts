import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecretRegistry } from '../../runtime/secrets/create-secret-registry';
import type { NamedSecret } from '../../runtime/secrets/create-redactor';
import { createRuntimeSandboxes } from '../../runtime/sandbox/runtime-sandboxes';
import { createSettingsStore } from '../../runtime/settings/settings-store';
import { type BuildServerOptions, buildServer } from '../http/build-server';
import type { ZodApp } from '../http/server-context';

export interface WorkspaceTestServer {
  app: ZodApp;
  /** The temp folder holding data/ and workspace/; removed by close(). */
  root: string;
  dataDir: string;
  workspace: string;
  /** Listens on 127.0.0.1, a random port; returns `127.0.0.1:PORT`. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real server without a conversation runtime, as the workspace API tests (bash, files, git, the
 * official client) use it: a temp data dir and workspace, the given session key and global secrets.
 * `keyFile` also writes the key where the launcher keeps it, so tests can show it stays out of reach.
 */
export async function createWorkspaceTestServer(options: {
  prefix: string;
  sessionKey: string;
  secrets?: readonly NamedSecret[];
  usableTools?: BuildServerOptions['usableTools'];
  keyFile?: boolean;
  /** The runtime's default sandbox (default bubblewrap); docker runs each command in a container. */
  sandbox?: 'bubblewrap' | 'docker';
}): Promise<WorkspaceTestServer> {
  const root = mkdtempSync(join(tmpdir(), options.prefix));
  const dataDir = join(root, 'data');
  const workspace = join(root, 'workspace');
  mkdirSync(dataDir);
  mkdirSync(workspace);
  if (options.keyFile) writeFileSync(join(dataDir, 'session-key'), options.sessionKey);
  const secrets = options.secrets ?? [];
  const settings = createSettingsStore(dataDir, {});
  const sandboxes =
    options.sandbox === 'docker'
      ? createRuntimeSandboxes({
          dataDir,
          // The test's folders are root's: the runtime's own, handed to the container user.
          defaultWorkspace: root,
          sandboxSettings: () => settings.current().sandbox,
          runtimeName: `workspace-test-${process.pid}`,
          env: { PATH: process.env.PATH, AGENT_WORKBENCH_SANDBOX_BACKEND: 'docker' },
        })
      : undefined;
  const app = await buildServer({
    settings,
    ...(sandboxes ? { workspaceConfinement: () => sandboxes.confinement() } : {}),
    sessionKey: options.sessionKey,
    version: '0.0.0-test',
    defaultWorkspace: workspace,
    dataDir,
    secrets: createSecretRegistry(() => secrets),
    ...(options.usableTools ? { usableTools: options.usableTools } : {}),
  });
  return {
    app,
    root,
    dataDir,
    workspace,
    async listen() {
      await app.listen({ host: '127.0.0.1', port: 0 });
      return `127.0.0.1:${(app.server.address() as { port: number }).port}`;
    },
    async close() {
      await app.close();
      await sandboxes?.sweep();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
