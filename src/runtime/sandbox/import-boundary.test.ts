/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE: confinement is a room below the tools. What decides what a sandboxed process can touch
 * lives in src/runtime/sandbox; the tools, the workspace API, checkpoints, MCP, hooks and the server
 * import it from there, and it imports none of them back, so a change to a tool can never loosen a
 * sandbox by accident. Bubblewrap's own mechanics (sandbox/bubblewrap/) are reached from outside only
 * through the SandboxBackend interface, except by the few files named in BUBBLEWRAP_REACHERS.
 */
const sandboxDir = dirname(fileURLToPath(import.meta.url));
const runtimeDir = resolve(sandboxDir, '..');
const repoRoot = resolve(runtimeDir, '../..');
const bubblewrapDir = join(sandboxDir, 'bubblewrap');
const TEST_FILE = /\.test\.tsx?$/;
const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SPECIFIERS = [
  /\bimport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bexport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];
/** Rooms above the sandbox: it may not import them, not even a type. */
const ABOVE = ['tools', 'workspace', 'conversation', 'agent', 'checkpoints', 'mcp', 'hooks'].map((room) =>
  join(runtimeDir, room),
);

/**
 * Files outside sandbox/ that still reach bubblewrap's mechanics directly, each with its reason. A new
 * one must be added here with a reason, or go through SandboxBackend.
 */
const BUBBLEWRAP_REACHERS: Record<string, string> = {
  // MCP stdio servers are spawned with piped stdio, not on a pty: they build their own bwrap command.
  'src/runtime/mcp/sandboxed-server-launch.ts': 'bwrap argv for a piped process',
  'src/runtime/mcp/sandboxed-server-launch.test.ts': 'reads the mount plan it builds',
  // The terminal falls back to the bubblewrap backend when its caller passes none.
  'src/runtime/tools/terminal/terminal-session.ts': 'default backend',
  // The person's bubblewrap shell joins the agent's network namespace, which SandboxBackend does not carry.
  'src/runtime/tools/person-terminal/person-shell-launcher.ts': 'bwrap shell for the person',
  // Whether bwrap is installed, for the toolset's refusal and the settings page.
  'src/runtime/conversation/create-confined-toolset.ts': 'bwrap presence',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

function importTargets(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier));
}

function isInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir + sep);
}

/** Why a sandbox file may not import `target`, or undefined when it may. */
function upwardImport(file: string, target: string): string | undefined {
  // A test may drive a tool over a backend to prove the two fit; the code under test may not.
  if (TEST_FILE.test(file)) return undefined;
  const room = ABOVE.find((dir) => isInside(target, dir));
  return room === undefined ? undefined : `imports ${relative(repoRoot, target)}, a room above the sandbox`;
}

describe('src/runtime/sandbox import boundary', () => {
  it('the sandbox imports no tool, nor the workspace API, conversation, checkpoints, MCP or hooks', () => {
    const violations = sourceFiles(sandboxDir).flatMap((file) =>
      importTargets(file).flatMap((target) => {
        const problem = upwardImport(file, target);
        return problem ? [`${relative(repoRoot, file)} ${problem}`] : [];
      }),
    );
    expect(violations).toEqual([]);
  });

  it('outside the sandbox, only the files named with a reason reach bubblewrap directly', () => {
    const files = [join(repoRoot, 'src'), join(repoRoot, 'scripts'), join(repoRoot, 'test')].flatMap(
      sourceFiles,
    );
    const reachers = files
      .filter((file) => !isInside(file, sandboxDir))
      .filter((file) => importTargets(file).some((target) => isInside(target, bubblewrapDir)))
      .map((file) => relative(repoRoot, file))
      // Benchmarks time bubblewrap's own steps on purpose.
      .filter((file) => !file.startsWith('scripts/bench/'));
    expect(reachers.filter((file) => BUBBLEWRAP_REACHERS[file] === undefined)).toEqual([]);
    // A file that no longer reaches bubblewrap leaves the list, so the list stays the truth.
    expect(Object.keys(BUBBLEWRAP_REACHERS).filter((file) => !reachers.includes(file))).toEqual([]);
  });

  it('confinement is not kept inside a tool', () => {
    const mechanics = [
      'host-view',
      'denied-paths',
      'sandbox-file-args',
      'shell-launch',
      'confined-path',
      'pinned-directory',
    ];
    const inTools = sourceFiles(join(runtimeDir, 'tools')).filter((file) =>
      mechanics.some((name) => file.endsWith(`${sep}${name}.ts`)),
    );
    expect(inTools.map((file) => relative(repoRoot, file))).toEqual([]);
  });

  it('tells a tool import from a sandbox import', () => {
    const file = join(sandboxDir, 'sandbox-backend.ts');
    expect(upwardImport(file, join(runtimeDir, 'tools/terminal/terminal-limits'))).toMatch(/room above/);
    expect(upwardImport(file, join(runtimeDir, 'workspace/run-confined'))).toMatch(/room above/);
    expect(upwardImport(file, join(sandboxDir, 'bubblewrap/terminal-limits'))).toBeUndefined();
    expect(upwardImport(join(sandboxDir, 'x.test.ts'), join(runtimeDir, 'tools/terminal/x'))).toBeUndefined();
  });
});
