import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateConversationSchema } from '../../runtime/conversation/requests';
import { createTestServer, TEST_SESSION_KEY, type TestServer } from '../testing/create-test-server';

let runtime: TestServer;
let id: string;

beforeAll(async () => {
  runtime = await createTestServer();
  const skill = join(runtime.workspace, '.agents', 'skills', 'release');
  await mkdir(skill, { recursive: true });
  await writeFile(
    join(skill, 'SKILL.md'),
    '---\ndescription: How we release\ntriggers: [release]\n---\nTag it.',
  );
  await mkdir(join(runtime.dataDir, 'skills', 'review'), { recursive: true });
  await writeFile(
    join(runtime.dataDir, 'skills', 'review', 'SKILL.md'),
    '# Review the way I like\nBe picky.',
  );
  // A skill linked to the session key in the data dir must not be listed (nor read).
  await writeFile(join(runtime.dataDir, 'session-key'), 'SESSION-KEY-SECRET');
  await mkdir(join(runtime.workspace, '.openhands', 'skills', 'leak'), { recursive: true });
  await symlink(
    join(runtime.dataDir, 'session-key'),
    join(runtime.workspace, '.openhands', 'skills', 'leak', 'SKILL.md'),
  );
  const { info } = await runtime.service.create(
    CreateConversationSchema.parse({ workspace: { working_dir: runtime.workspace } }),
  );
  id = info.id;
});

afterAll(async () => runtime?.close());

describe('GET /api/conversations/{id}/skills', () => {
  it("lists the workspace's and the person's skills, never one linked out of the workspace", async () => {
    const response = await runtime.app.inject({
      method: 'GET',
      url: `/api/conversations/${id}/skills`,
      headers: { 'x-session-api-key': TEST_SESSION_KEY },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          name: 'release',
          description: 'How we release',
          triggers: ['release'],
          source: 'workspace',
          location: '.agents/skills/release/SKILL.md',
        },
        {
          name: 'review',
          description: 'Review the way I like',
          triggers: [],
          source: 'user',
          location: 'skills/review/SKILL.md',
        },
      ],
    });
    expect(response.body).not.toContain('SESSION-KEY-SECRET');
  });

  it('answers 404 for an unknown conversation', async () => {
    const response = await runtime.app.inject({
      method: 'GET',
      url: '/api/conversations/00000000-0000-4000-8000-00000000abcd/skills',
      headers: { 'x-session-api-key': TEST_SESSION_KEY },
    });
    expect(response.statusCode).toBe(404);
  });
});
