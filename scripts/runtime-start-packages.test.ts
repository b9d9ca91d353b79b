import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { packagesAtStart, runtimeStartPackages } from './runtime-start-packages';

describe('the runtime at start', () => {
  it('reads the server packages, and none of those that only a first use needs', async () => {
    const packages = await runtimeStartPackages();
    expect(packages).toContain('fastify');
    expect(packages).toContain('zod');
    // PostgreSQL only with --database-url; the model SDKs with the first model call; MCP with the first
    // MCP server; the OpenAPI generator (and the JSON Schema compilers its fastify instance loads) with
    // the first /openapi.json; YAML with the first skill front matter; inject() never.
    for (const onFirstUse of [
      'pg',
      'ai',
      '@ai-sdk/openai',
      '@modelcontextprotocol/sdk',
      '@fastify/swagger',
      '@fastify/ajv-compiler',
      '@fastify/fast-json-stringify-compiler',
      'ajv',
      'yaml',
      'light-my-request',
    ]) {
      expect(packages).not.toContain(onFirstUse);
    }
  }, 60_000);
});

describe('packagesAtStart', () => {
  it('follows static imports from the entries, not dynamic ones', () => {
    const output = (
      inputs: string[],
      imports: Metafile['outputs'][string]['imports'],
      entryPoint?: string,
    ) => ({
      bytes: 1,
      inputs: Object.fromEntries(inputs.map((input) => [input, { bytesInOutput: 1 }])),
      imports,
      exports: [],
      ...(entryPoint ? { entryPoint } : {}),
    });
    const metafile: Metafile = {
      inputs: {},
      outputs: {
        'out/main.mjs': output(
          ['src/main.ts'],
          [
            { path: 'out/process.mjs', kind: 'dynamic-import' },
            { path: 'node:v8', kind: 'import-statement', external: true },
          ],
          'src/main.ts',
        ),
        'out/process.mjs': output(
          ['src/process.ts'],
          [
            { path: 'out/chunk-a.mjs', kind: 'import-statement' },
            { path: 'out/lazy.mjs', kind: 'dynamic-import' },
          ],
          'src/process.ts',
        ),
        'out/chunk-a.mjs': output(
          ['node_modules/fastify/fastify.js', 'node_modules/@fastify/error/index.js'],
          [],
        ),
        'out/lazy.mjs': output(['node_modules/pg/lib/index.js'], []),
      },
    };
    expect([...packagesAtStart(metafile, ['src/main.ts', 'src/process.ts'])].sort()).toEqual([
      '@fastify/error',
      'fastify',
    ]);
    expect([...packagesAtStart(metafile, ['src/main.ts'])]).toEqual([]);
  });
});
