/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE: the upstream adapters are an edge of their own. runtime/upstream/ maps the OpenHands
 * agent server's shapes (its `agent`, LLM objects, analyzer kinds, metrics) to ours and back; it may
 * import conversation/ and the other runtime rooms, and none of them imports it, not even a type nor
 * a test: the conversation service speaks only our contract. The server (src/server) and the runtime's
 * composition in it are the edge's only callers.
 */
const edgeDir = dirname(fileURLToPath(import.meta.url));
const runtimeDir = resolve(edgeDir, '..');
const repoRoot = resolve(runtimeDir, '../..');
const SOURCE = /\.(ts|tsx|mts|cts)$/;
const SPECIFIERS = [
  /\bimport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bexport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

function importTargets(file: string, text = readFileSync(file, 'utf8')): string[] {
  return SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier));
}

function isInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir + sep);
}

/** The imports of `file` (given its text) that reach into the edge from another runtime room. */
function edgeImports(file: string, text?: string): string[] {
  if (isInside(file, edgeDir)) return [];
  return importTargets(file, text).filter((target) => isInside(target, edgeDir));
}

describe('src/runtime/upstream import boundary', () => {
  it('no runtime room imports the upstream edge, not even a type or a test', () => {
    const violations = sourceFiles(runtimeDir).flatMap((file) =>
      edgeImports(file).map(
        (target) => `${relative(repoRoot, file)} imports ${relative(repoRoot, target)}, the upstream edge`,
      ),
    );
    expect(violations).toEqual([]);
  });

  it('every upstream adapter lives in the edge', () => {
    const outside = sourceFiles(runtimeDir)
      .filter((file) => !isInside(file, edgeDir))
      .filter((file) =>
        /(^|[/\\])upstream-(agent|llm|operations|requests|security-analyzer|stats)/.test(file),
      )
      .map((file) => relative(repoRoot, file));
    expect(outside).toEqual([]);
  });

  it('tells an edge import, a type import included, from an import of our own', () => {
    const service = join(runtimeDir, 'conversation', 'conversation-service.ts');
    expect(edgeImports(service, "import type { UpstreamLLM } from '../upstream/upstream-llm';")).toEqual([
      join(edgeDir, 'upstream-llm'),
    ]);
    expect(edgeImports(service, "export { x } from '../upstream/upstream-stats';")).toHaveLength(1);
    expect(edgeImports(service, "import { z } from './llm-config-input';")).toEqual([]);
    expect(edgeImports(join(edgeDir, 'upstream-info.ts'), "import { x } from './upstream-llm';")).toEqual([]);
  });
});
