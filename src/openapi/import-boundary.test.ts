/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE: src/openapi turns a fastify app's zod route schemas into an OpenAPI document for both
 * processes that serve HTTP (the runtime and the automation service), so it knows neither: it imports
 * its own files and the packages that make a document, nothing of the runtime, the server or the
 * automation service. Each process brings its own models and words (a DocumentDescription).
 */
const openapiDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(openapiDir, '../..');
const PACKAGES = new Set(['zod', 'fastify', '@fastify/swagger', 'vitest']);
const SPECIFIER = /\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

/** Why an import from a file of src/openapi is not allowed, or undefined when it is. */
function boundaryViolation(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) {
    const target = resolve(dirname(file), specifier);
    const inside = target === openapiDir || target.startsWith(openapiDir + sep);
    return inside ? undefined : `reaches outside src/openapi: ${relative(repoRoot, target)}`;
  }
  if (specifier.startsWith('node:') || PACKAGES.has(specifier)) return undefined;
  return `is not a package that makes a document: ${specifier}`;
}

describe('src/openapi import boundary', () => {
  it('imports only its own files, zod, fastify and @fastify/swagger', () => {
    const files = readdirSync(openapiDir)
      .filter((name) => name.endsWith('.ts') && name !== 'import-boundary.test.ts')
      .map((name) => join(openapiDir, name));
    expect(files.length).toBeGreaterThan(1);
    const violations = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].flatMap(([, specifier = '']) => {
        const problem = boundaryViolation(file, specifier);
        return problem ? [`${relative(repoRoot, file)}: '${specifier}' ${problem}`] : [];
      }),
    );
    expect(violations).toEqual([]);
  });

  it('catches the runtime, the server and the automation service', () => {
    const file = join(openapiDir, 'openapi-document.ts');
    expect(boundaryViolation(file, '../server/openapi/api-components')).toMatch(/outside/);
    expect(boundaryViolation(file, '../runtime/events/events')).toMatch(/outside/);
    expect(boundaryViolation(file, '../automation/automation-wire')).toMatch(/outside/);
    expect(boundaryViolation(file, 'better-sqlite3')).toMatch(/not a package/);
    expect(boundaryViolation(file, './zod-to-openapi')).toBeUndefined();
    expect(boundaryViolation(file, '@fastify/swagger')).toBeUndefined();
  });
});
