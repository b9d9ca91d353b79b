import { describe, expect, it } from 'vitest';
import { CONTAINER_HOME, type ContainerSpecInput, containerSpec } from './container-spec';

const input: ContainerSpecInput = {
  image: 'agent-workbench-sandbox:1',
  owner: 'owner',
  conversationId: 'c1',
  workspaceDir: '/work/project',
  mounts: [],
  emptyReadOnly: ['/work/project/.awb-data'],
  user: { uid: 1000, gid: 1000 },
  mainUser: { uid: 1000, gid: 1000 },
  maxProcesses: 64,
  maxMemoryMb: 256,
  cpus: undefined,
  command: ['sleep', 'infinity'],
};

describe('containerSpec per engine', () => {
  it('on Docker: the home given by uid/gid, masks as read-only tmpfs mounts', () => {
    const spec = containerSpec(input);
    expect(spec.HostConfig?.Tmpfs?.[CONTAINER_HOME]).toContain('mode=0700,uid=1000,gid=1000');
    expect(spec.HostConfig?.Mounts).toContainEqual(
      expect.objectContaining({ Type: 'tmpfs', Target: '/work/project/.awb-data', ReadOnly: true }),
    );
  });

  it('on Podman: no uid=/gid= (refused there), every tmpfs without a copy of what it covers', () => {
    const spec = containerSpec({ ...input, engine: 'podman' });
    const tmpfs = spec.HostConfig?.Tmpfs ?? {};
    expect(tmpfs[CONTAINER_HOME]).toContain('mode=0700,U');
    expect(JSON.stringify(tmpfs)).not.toMatch(/uid=|gid=/);
    for (const options of Object.values(tmpfs)) expect(options).toContain('notmpcopyup');
    // A mask: read-only and empty, never the masked folder's files copied up into it.
    expect(tmpfs['/work/project/.awb-data']).toMatch(/^ro,.*notmpcopyup/);
    expect(spec.HostConfig?.Mounts?.some((mount) => mount.Type === 'tmpfs')).toBe(false);
  });

  it("on Podman with a network (the bridge's user first): a home the commands' user can write", () => {
    const spec = containerSpec({ ...input, engine: 'podman', mainUser: { uid: 0, gid: 0 } });
    expect(spec.HostConfig?.Tmpfs?.[CONTAINER_HOME]).toContain('mode=1777');
  });
});
