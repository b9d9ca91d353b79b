import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
});

describe('buildServer', () => {
  it("never loads fastify's own schema compilers (ajv, fast-json-stringify): zod compiles every schema", async () => {
    server = await createTestServer();
    const answer = await server.app.inject({ method: 'GET', url: '/api/settings', headers: server.auth });
    expect(answer.statusCode).toBe(200);
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.some((path) => path.includes('/fastify/'))).toBe(true);
    const compilers = /\/node_modules\/(ajv|@fastify\/ajv-compiler|@fastify\/fast-json-stringify-compiler)\//;
    expect(
      loaded.filter((path) => compilers.test(path) || path.endsWith('/fast-json-stringify/index.js')),
    ).toEqual([]);
  });
});
