/// <reference types="node" />
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE: the automation service is a process of its own that talks HTTP to the runtime, like
 * the launcher. It imports its own files, src/event-facts, the session cookie's name and the
 * Host/Origin helpers (src/client holds them for every process), the untrusted-text fence, the
 * conversation state's zod schemas, the shared OpenAPI emission (src/openapi) and installed packages:
 * never the rest of the runtime, the server or the launcher.
 * Its tests may also start a throwaway PostgreSQL server with the runtime's test helper.
 * And no other part of src imports it.
 */
const automationDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(automationDir, '../..');
const allowed = [
  automationDir,
  resolve(repoRoot, 'src/event-facts'),
  resolve(repoRoot, 'src/client/session-cookie'),
  resolve(repoRoot, 'src/client/session-cookie.ts'),
  resolve(repoRoot, 'src/client/origin-host'),
  resolve(repoRoot, 'src/client/origin-host.ts'),
  // The UI's client for it: the contract test holds the two together.
  resolve(repoRoot, 'src/client/create-automation-client'),
  resolve(repoRoot, 'src/client/create-automation-client.ts'),
  // The OpenAPI emission both processes share (runtime-free; its own boundary test says so).
  resolve(repoRoot, 'src/openapi'),
  // The versioned-migration runner both processes use for their own tables (pg types only).
  resolve(repoRoot, 'src/runtime/store/run-pg-migrations'),
  resolve(repoRoot, 'src/runtime/store/run-pg-migrations.ts'),
  // The one fence for untrusted text (a webhook's payload here, repository files there); imports nothing.
  resolve(repoRoot, 'src/runtime/skills/untrusted-block'),
  resolve(repoRoot, 'src/runtime/skills/untrusted-block.ts'),
  // The conversation state's zod schemas (imports only zod): a confirmation policy is written once.
  resolve(repoRoot, 'src/runtime/events/conversation-state'),
  resolve(repoRoot, 'src/runtime/events/conversation-state.ts'),
];
/** What only the service's tests may use: the throwaway PostgreSQL server every store test starts. */
const allowedInTests = [resolve(repoRoot, 'src/runtime/store/testing/start-pg-cluster')];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs)$/;
const SPECIFIERS = [
  /\bimport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bexport\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

function importSpecifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return SPECIFIERS.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ''));
}

/** Why an import from a file of src/automation is not allowed, or undefined when it is. */
function boundaryViolation(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = resolve(dirname(file), specifier);
    const permitted = file.endsWith('.test.ts') ? [...allowed, ...allowedInTests] : allowed;
    const inside = permitted.some((dir) => target === dir || target.startsWith(dir + sep));
    return inside ? undefined : `reaches outside what src/automation may use: ${relative(repoRoot, target)}`;
  }
  if (specifier.startsWith('node:')) return undefined;
  const packageName = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : specifier.split('/')[0];
  return packageName && existsSync(join(repoRoot, 'node_modules', packageName))
    ? undefined
    : `is not an installed package: ${specifier}`;
}

describe('src/automation import boundary', () => {
  it('imports only its own files, src/event-facts, the session cookie name and packages', () => {
    const violations = sourceFiles(automationDir)
      .filter((file) => !file.endsWith('import-boundary.test.ts'))
      .flatMap((file) =>
        importSpecifiers(file).flatMap((specifier) => {
          const problem = boundaryViolation(file, specifier);
          return problem ? [`${relative(repoRoot, file)}: '${specifier}' ${problem}`] : [];
        }),
      );
    expect(violations).toEqual([]);
  });

  it('no other part of src imports it (the launcher starts it as a process)', () => {
    const others = ['cli', 'server', 'runtime', 'ui', 'client', 'event-facts', 'openapi'].map((dir) =>
      resolve(repoRoot, 'src', dir),
    );
    const importers = others.flatMap(sourceFiles).filter((file) =>
      importSpecifiers(file).some((specifier) => {
        if (!specifier.startsWith('.')) return false;
        const target = resolve(dirname(file), specifier);
        return target === automationDir || target.startsWith(automationDir + sep);
      }),
    );
    expect(importers.map((file) => relative(repoRoot, file))).toEqual([]);
  });

  it('catches the runtime, the server and the launcher', () => {
    const file = join(automationDir, 'example.ts');
    expect(boundaryViolation(file, '../runtime/events')).toMatch(/outside/);
    expect(boundaryViolation(file, '../server/session-key')).toMatch(/outside/);
    expect(boundaryViolation(file, '../cli/constant-time-equal')).toMatch(/outside/);
    expect(boundaryViolation(file, '../client/create-api-client')).toMatch(/outside/);
    expect(boundaryViolation(file, '../client/session-cookie')).toBeUndefined();
    expect(boundaryViolation(file, '../event-facts')).toBeUndefined();
    expect(boundaryViolation(file, '../runtime/events/conversation-state')).toBeUndefined();
    expect(boundaryViolation(file, '../openapi/record-openapi-routes')).toBeUndefined();
    expect(boundaryViolation(file, 'croner')).toBeUndefined();
    expect(boundaryViolation(file, '@/runtime')).toMatch(/not an installed package/);
    expect(boundaryViolation(file, '../runtime/store/testing/start-pg-cluster')).toMatch(/outside/);
    const test = join(automationDir, 'example.test.ts');
    expect(boundaryViolation(test, '../runtime/store/testing/start-pg-cluster')).toBeUndefined();
    expect(boundaryViolation(test, '../runtime/store/pg-event-store')).toMatch(/outside/);
  });
});
