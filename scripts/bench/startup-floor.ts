import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The least `npm start` can take on this machine for a launcher that, like ours, is a Node process
 * starting a second Node process which listens before the ready line: npm itself, two Node boots and
 * one loopback listen, with none of our code. Measured beside the real start so that the figure above
 * it is ours alone (the machine's environment counts too: NODE_EXTRA_CA_CERTS makes every Node boot
 * read and parse that bundle of certificates before any script runs).
 */
const PACKAGE = {
  name: 'startup-floor',
  private: true,
  type: 'module',
  scripts: { start: 'node launcher.mjs' },
};
const LAUNCHER = `import { spawn } from 'node:child_process';
const child = spawn(process.execPath, ['child.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
child.stdout.once('data', () => console.log('ready'));
process.on('SIGTERM', () => { child.kill(); process.exit(0); });
`;
const CHILD = `import { createServer } from 'node:http';
createServer().listen(0, '127.0.0.1', () => console.log('listening'));
`;

/** Milliseconds from spawning `npm start` in a bare package to its ready line. */
export async function startupFloorMs(env: NodeJS.ProcessEnv): Promise<number> {
  const directory = mkdtempSync(join(tmpdir(), 'bench-startup-floor-'));
  writeFileSync(join(directory, 'package.json'), JSON.stringify(PACKAGE));
  writeFileSync(join(directory, 'launcher.mjs'), LAUNCHER);
  writeFileSync(join(directory, 'child.mjs'), CHILD);
  const started = performance.now();
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: directory,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      npm.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
      npm.on('exit', (code) =>
        reject(new Error(`the floor's npm start exited with ${code} before it was ready`)),
      );
    });
    return performance.now() - started;
  } finally {
    if (npm.pid) process.kill(-npm.pid, 'SIGTERM');
    await new Promise((resolve) => npm.once('exit', resolve).once('error', resolve));
    rmSync(directory, { recursive: true, force: true });
  }
}
