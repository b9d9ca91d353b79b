import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { createFolderSwapper } from './folder-swapper';

afterEach(() => vi.restoreAllMocks());

it('stops a swapper that never started without signalling any process group', async () => {
  const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
  await createFolderSwapper().stop();
  // A spawn that failed has no pid: kill(-undefined) would be kill(-0), this runner's own group.
  const failed = createFolderSwapper(() =>
    spawn('/nonexistent/swapper', [], { detached: true }).on('error', () => {}),
  );
  failed.start('/nowhere', '/nowhere');
  await failed.stop();
  expect(kill).not.toHaveBeenCalled();
});

it('stops a running swapper by its whole process group', async () => {
  const root = await mkdtemp(join(tmpdir(), 'swapper-'));
  try {
    await mkdir(join(root, 'workspace', 'dir'), { recursive: true });
    await mkdir(join(root, 'outside'));
    const kill = vi.spyOn(process, 'kill');
    const swapper = createFolderSwapper();
    swapper.start(join(root, 'workspace'), join(root, 'outside'));
    await swapper.stop();
    expect(kill).toHaveBeenCalledWith(expect.any(Number), 'SIGKILL');
    expect(kill.mock.calls[0]?.[0]).toBeLessThan(0);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
