import { type ChildProcess, spawn } from 'node:child_process';

export interface FolderSwapper {
  /**
   * The agent's background job: swaps the workspace's folder `dir` for a symlink to `outside` and
   * back, forever, in its own process group (so stopping it also stops an `mv` or `ln` it is running).
   */
  start(workspaceDir: string, outside: string): void;
  /** Stops the whole group and waits for it; nothing when it never started or already ended. */
  stop(): Promise<void>;
}

/** One swapper a race test starts and its afterEach stops (file-editor and search confinement races). */
export function createFolderSwapper(
  spawnSwapper: (workspaceDir: string, outside: string) => ChildProcess = spawnBashSwapper,
): FolderSwapper {
  let running: ChildProcess | undefined;
  return {
    start(workspaceDir, outside) {
      running = spawnSwapper(workspaceDir, outside);
    },
    async stop() {
      const swapper = running;
      running = undefined;
      // No pid: it never started. Never kill(-0): that is this test runner's own process group.
      if (swapper === undefined || swapper.exitCode !== null || swapper.pid === undefined) return;
      const exited = new Promise((resolve) => swapper.once('exit', resolve));
      // The whole group: killing bash alone leaves a child mid-rename that changes the tree a moment later.
      process.kill(-swapper.pid, 'SIGKILL');
      await exited;
    },
  };
}

function spawnBashSwapper(workspaceDir: string, outside: string): ChildProcess {
  return spawn(
    'bash',
    [
      '-c',
      'cd "$1" && while :; do mv dir dir.x; ln -s "$2" dir; rm dir; mv dir.x dir; done',
      'swap',
      workspaceDir,
      outside,
    ],
    { stdio: 'ignore', detached: true },
  );
}
