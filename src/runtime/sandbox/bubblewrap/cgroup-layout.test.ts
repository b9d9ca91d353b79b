import { describe, expect, it } from 'vitest';
import { cgroupLayout } from './cgroup-layout';

const V1_MOUNTS = [
  'tmpfs /sys/fs/cgroup tmpfs rw,relatime,mode=755 0 0',
  'cgroup /sys/fs/cgroup/memory cgroup rw,relatime,memory 0 0',
  'cgroup /sys/fs/cgroup/pids cgroup rw,relatime,pids 0 0',
  'cgroup2 /sys/fs/cgroup/unified cgroup2 rw,relatime 0 0',
].join('\n');
const V1_SELF = '8:pids:/\n4:memory:/process_api/abc\n0::/\n';

describe('cgroupLayout', () => {
  it('uses v1 pids and memory under the runtime own groups when v2 delegates nothing', async () => {
    expect(cgroupLayout(V1_MOUNTS, V1_SELF, () => '')).toEqual({
      version: 1,
      pidsBase: '/sys/fs/cgroup/pids',
      memoryBase: '/sys/fs/cgroup/memory/process_api/abc',
    });
  });

  it('prefers v2 when the runtime group delegates pids and memory', async () => {
    const mounts = 'cgroup2 /sys/fs/cgroup cgroup2 rw,nosuid 0 0';
    const layout = cgroupLayout(mounts, '0::/user.slice/app.service\n', (directory) =>
      directory === '/sys/fs/cgroup/user.slice/app.service' ? 'cpu memory pids' : undefined,
    );
    expect(layout).toEqual({ version: 2, base: '/sys/fs/cgroup/user.slice/app.service' });
  });

  it('finds nothing when v2 lacks a controller and v1 is not mounted', async () => {
    const mounts = 'cgroup2 /sys/fs/cgroup cgroup2 rw 0 0';
    expect(cgroupLayout(mounts, '0::/\n', () => 'memory')).toBeUndefined();
    expect(cgroupLayout('', '', () => undefined)).toBeUndefined();
  });
});
