import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../testing/api-helpers';
import { createTestServer, type TestServer } from '../../testing/create-test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('upstream features this runtime does not serve', () => {
  it("answer the Agent Canvas's reads with upstream's empty shapes instead of 404", async () => {
    server = await createTestServer();
    const answers = [
      { url: '/api/llm/providers', body: { providers: [] } },
      { url: '/api/llm/models?provider=openai', body: { models: [] } },
      { url: '/api/plugins/installed', body: { plugins: [] } },
      { url: '/api/canvas-extensions/installed', body: { canvas_extensions: [] } },
    ];
    for (const { url, body } of answers) {
      const answer = await call(server, { url });
      expect({ url, status: answer.status, body: answer.body }).toEqual({ url, status: 200, body });
    }
    // Writes stay 404: that is how the Canvas tells a backend without the feature.
    const install = await call(server, {
      method: 'POST',
      url: '/api/canvas-extensions/install',
      payload: { source: 'https://example.test/x' },
    });
    expect(install.status).toBe(404);
  });

  it('POST /api/skills loads nothing from the folders a hostile body names, not even a SKILL.md in the data dir', async () => {
    server = await createTestServer();
    // A skill planted where the body points: if the route read it, its text would come back.
    const planted = join(server.dataDir, 'skills', 'leak');
    mkdirSync(planted, { recursive: true });
    writeFileSync(join(planted, 'SKILL.md'), '---\nname: leak\ndescription: secret-skill-text\n---\nsecret');
    for (const projectDir of [server.dataDir, '/etc', '../../..', server.workspace]) {
      const answer = await call(server, {
        method: 'POST',
        url: '/api/skills',
        payload: {
          load_public: true,
          load_user: true,
          load_project: true,
          load_org: true,
          project_dir: projectDir,
        },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ skills: [], sources: {} });
    }
    const bare = await call(server, { method: 'POST', url: '/api/skills' });
    expect(bare.body).toEqual({ skills: [], sources: {} });
    // A prototype key is refused before any route reads the body.
    const hostile = await call(server, {
      method: 'POST',
      url: '/api/skills',
      payload: JSON.parse('{"__proto__":{"skills":["x"]},"load_user":true}'),
    });
    expect(hostile.body).toMatchObject({ code: 'malformed_json' });
    expect(({} as Record<string, unknown>).skills).toBeUndefined();
  });
});
