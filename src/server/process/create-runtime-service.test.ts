import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newConversation } from '../../runtime/events/fixtures/event-builders';
import { CONTAINER_LABEL } from '../../runtime/sandbox/docker/container-spec';
import { containerOwner } from '../../runtime/sandbox/docker/docker-sandboxes';
import { requireDocker } from '../../runtime/sandbox/docker/testing/require-docker';
import { type ConversationSandbox, DEFAULT_SANDBOX_IMAGE } from '../../runtime/sandbox/sandbox-kind';
import { createSettingsStore } from '../../runtime/settings/settings-store';
import { openSqliteEventStore } from '../../runtime/store/sqlite-event-store';
import { createRuntimeService } from './create-runtime-service';

let docker: Docker;
const folders: string[] = [];
const made: Docker.Container[] = [];

beforeAll(async () => {
  docker = await requireDocker();
});
afterEach(async () => {
  await Promise.all(
    made.splice(0).map((container) => container.remove({ force: true }).catch(() => undefined)),
  );
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A data dir whose store holds one conversation in `sandbox`, and a running container its runtime left. */
async function killedRuntime(
  sandbox: ConversationSandbox,
): Promise<{ dataDir: string; left: Docker.Container }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'awb-runtime-sweep-'));
  folders.push(dataDir);
  const store = openSqliteEventStore(join(dataDir, 'workbench.db'));
  await store.createConversation({ ...newConversation(1), sandbox });
  await store.close();
  // What a runtime killed with SIGKILL leaves: its conversation's container, still running.
  const left = await docker.createContainer({
    Image: DEFAULT_SANDBOX_IMAGE,
    Entrypoint: [],
    Cmd: ['sleep', 'infinity'],
    Labels: { [CONTAINER_LABEL]: containerOwner(dataDir) },
    HostConfig: { NetworkMode: 'none' },
  });
  made.push(left);
  await left.start();
  return { dataDir, left };
}

async function startRuntime(dataDir: string, notices: string[]) {
  return createRuntimeService({
    dataDir,
    defaultWorkspace: dataDir,
    // The settings' default: bubblewrap (no --sandbox in this process's environment).
    settings: createSettingsStore(dataDir, {}),
    onCorruptRow: () => undefined,
    onNotice: (line) => notices.push(line),
    sessionKey: 'test-session-key',
    modelTitles: false,
  });
}

describe('a runtime on bubblewrap at start', () => {
  it('removes the containers its killed run left when its store holds docker conversations', async () => {
    const { dataDir, left } = await killedRuntime({ kind: 'docker', image: DEFAULT_SANDBOX_IMAGE });
    const notices: string[] = [];
    const runtime = await startRuntime(dataDir, notices);
    try {
      expect(notices).toContain('Removed 1 sandbox container(s) a previous run left behind.');
      expect(await left.inspect().catch(() => 'gone')).toBe('gone');
    } finally {
      await runtime.close();
    }
  });

  it('leaves the Docker daemon alone when its store holds no docker conversation', async () => {
    const { dataDir, left } = await killedRuntime({ kind: 'bubblewrap' });
    const notices: string[] = [];
    const runtime = await startRuntime(dataDir, notices);
    try {
      expect(notices.join('\n')).not.toContain('sandbox container');
      expect((await left.inspect()).State.Running).toBe(true);
    } finally {
      await runtime.close();
    }
  });
});
