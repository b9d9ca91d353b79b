/// <reference types="node" />
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE: src/ui imports src/client, src/event-facts (the pure rules it shares with the
 * runtime, which import nothing themselves) and its own files, nothing else (not the runtime, not the
 * server, not even their types). Bare imports must be packages installed in node_modules.
 */
const uiDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(uiDir, '../..');
const allowedDirs = [uiDir, resolve(repoRoot, 'src/client'), resolve(repoRoot, 'src/event-facts')];
const TEST_FILE = /\.test\.tsx?$/;
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts|css)$/;
const SPECIFIERS = [
  /\bimport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bexport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /@import\s+(?:url\()?['"]([^'"]+)['"]/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

function importSpecifiers(text: string): string[] {
  return SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** Why an import is not allowed, or undefined when it is. */
function boundaryViolation(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = resolve(dirname(file), specifier);
    const inside = allowedDirs.some((dir) => target === dir || target.startsWith(dir + sep));
    return inside
      ? undefined
      : `reaches outside src/ui, src/client and src/event-facts: ${relative(repoRoot, target)}`;
  }
  // Tests run in Node and read fixtures from disk; app code is bundled for the browser.
  if (specifier.startsWith('node:')) return TEST_FILE.test(file) ? undefined : 'imports a Node built-in';
  const packageName = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : specifier.split('/')[0];
  if (!packageName || !existsSync(join(repoRoot, 'node_modules', packageName))) {
    return `is not an installed package (an alias would hide where it points): ${specifier}`;
  }
  return undefined;
}

describe('src/ui import boundary', () => {
  it('every file under src/ui imports only src/ui, src/client, src/event-facts and installed packages', () => {
    const violations = sourceFiles(uiDir)
      .filter((file) => !file.endsWith('import-boundary.test.ts'))
      .flatMap((file) =>
        importSpecifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
          const problem = boundaryViolation(file, specifier);
          return problem ? [`${relative(repoRoot, file)}: '${specifier}' ${problem}`] : [];
        }),
      );
    expect(violations).toEqual([]);
  });

  it('catches imports of the runtime, the server, Node built-ins outside tests and unknown aliases', () => {
    const file = join(uiDir, 'conversation', 'example.tsx');
    expect(boundaryViolation(file, '../../runtime/events')).toMatch(/outside/);
    expect(boundaryViolation(file, '../../server/api-schemas')).toMatch(/outside/);
    expect(boundaryViolation(file, 'node:fs')).toMatch(/built-in/);
    expect(boundaryViolation(join(uiDir, 'conversation', 'example.test.ts'), 'node:fs')).toBeUndefined();
    expect(boundaryViolation(file, '@/runtime/events')).toMatch(/not an installed package/);
    expect(boundaryViolation(file, '../../client/create-api-client')).toBeUndefined();
    expect(boundaryViolation(file, '../../event-facts')).toBeUndefined();
    expect(boundaryViolation(file, '../../event-facts/pair-answers')).toBeUndefined();
    expect(boundaryViolation(file, '../../event-facts-copy/x')).toMatch(/outside/);
    expect(boundaryViolation(file, '../api/wire-types')).toBeUndefined();
    expect(boundaryViolation(file, 'react-markdown')).toBeUndefined();
    expect(
      importSpecifiers(
        `import type { Event } from '../../runtime/events';\nimport './x.css';\nconst m = import('y');`,
      ),
    ).toEqual(expect.arrayContaining(['../../runtime/events', './x.css', 'y']));
  });
});
