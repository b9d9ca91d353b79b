/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE: src/event-facts is shared by the runtime and the UI, so it imports nothing but
 * its own files: no runtime, server, UI, React, Node built-in or package, not even a type. Its tests
 * may also use the test tools and Node built-ins (they run in Node).
 */
const rulesDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(rulesDir, '../..');
const TEST_FILE = /\.test\.tsx?$/;
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts|css)$/;
const TEST_PACKAGES = new Set(['vitest', 'fast-check']);
const SPECIFIERS = [
  /\bimport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bexport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\/\/\/\s*<reference\s+(?:types|path)\s*=\s*['"]([^'"]+)['"]/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

function importSpecifiers(text: string): string[] {
  return SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** Why an import is not allowed here, or undefined when it is. */
function boundaryViolation(file: string, specifier: string): string | undefined {
  const test = TEST_FILE.test(file);
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = resolve(dirname(file), specifier);
    const inside = target === rulesDir || target.startsWith(rulesDir + sep);
    return inside ? undefined : `reaches outside src/event-facts: ${relative(repoRoot, target)}`;
  }
  if (test && (specifier.startsWith('node:') || specifier === 'node' || TEST_PACKAGES.has(specifier))) {
    return undefined;
  }
  return test
    ? `is neither a file of this folder nor a test tool: ${specifier}`
    : `is not a file of this folder (the rules import nothing else): ${specifier}`;
}

describe('src/event-facts import boundary', () => {
  it('every file imports only its own folder (and tests the test tools)', () => {
    // This file is left out: its own examples below name forbidden imports on purpose.
    const files = sourceFiles(rulesDir).filter((file) => !file.endsWith('import-boundary.test.ts'));
    expect(files.length).toBeGreaterThan(1);
    const violations = files.flatMap((file) =>
      importSpecifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const problem = boundaryViolation(file, specifier);
        return problem ? [`${relative(repoRoot, file)}: '${specifier}' ${problem}`] : [];
      }),
    );
    expect(violations).toEqual([]);
  });

  it('catches the runtime, the server, the UI, React, Node built-ins and packages', () => {
    const file = join(rulesDir, 'pair-answers.ts');
    const test = join(rulesDir, 'pair-answers.test.ts');
    expect(boundaryViolation(file, '../runtime/events')).toMatch(/outside/);
    expect(boundaryViolation(file, '../server/api-schemas')).toMatch(/outside/);
    expect(boundaryViolation(file, '../ui/api/wire-types')).toMatch(/outside/);
    expect(boundaryViolation(file, '../event-facts-copy/x')).toMatch(/outside/);
    expect(boundaryViolation(file, 'react')).toMatch(/not a file of this folder/);
    expect(boundaryViolation(file, 'zod')).toMatch(/not a file of this folder/);
    expect(boundaryViolation(file, 'node:fs')).toMatch(/not a file of this folder/);
    expect(boundaryViolation(file, 'vitest')).toMatch(/not a file of this folder/);
    expect(boundaryViolation(file, './rule-events')).toBeUndefined();
    expect(boundaryViolation(test, 'fast-check')).toBeUndefined();
    expect(boundaryViolation(test, 'node:path')).toBeUndefined();
    expect(boundaryViolation(test, 'react')).toMatch(/test tool/);
    expect(boundaryViolation(test, '../ui/conversation-store/testing/event-builders')).toMatch(/outside/);
    expect(
      importSpecifiers(
        `import type { Event } from '../runtime/events';\nexport { x } from 'zod';\nconst m = import('y');`,
      ),
    ).toEqual(expect.arrayContaining(['../runtime/events', 'zod', 'y']));
  });
});
