import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, createConversation, userMessage, waitForStatus } from '../testing/api-helpers';
import { serverPerTest } from '../testing/server-per-test';

const start = serverPerTest();
const url = (id: string) => `/api/conversations/${id}/model_context`;

describe('GET /api/conversations/{id}/model_context', () => {
  it('shows the recorded system prompt, its dynamic part and the tools with their schemas', async () => {
    const server = await start({ turns: [{ text: 'hi' }] });
    const info = await createConversation(server);
    await call(server, {
      method: 'POST',
      url: `/api/conversations/${info.id}/events`,
      payload: userMessage('hello', { run: true }),
    });
    await waitForStatus(server, info.id, ['finished']);
    const after = await call(server, { url: url(info.id) });
    const body = after.body as {
      system_prompt: string;
      dynamic_context: string;
      tools: { name: string; parameters: object }[];
    };
    expect(body.system_prompt.length).toBeGreaterThan(100);
    expect(body.dynamic_context).toContain(server.workspace);
    expect(body.tools.map((tool) => tool.name)).toContain('terminal');
    expect(body.tools[0]?.parameters).toHaveProperty('type', 'object');
  });

  it('names an unknown window as unknown, and the window condensation assumes meanwhile', async () => {
    const server = await start();
    const info = await createConversation(server);
    const { body } = await call(server, { url: url(info.id) });
    expect(body).toMatchObject({ context_window: null, assumed_context_window: 32_768 });
  });

  it('masks a secret the conversation was given after an instruction file carried it into the prompt', async () => {
    const server = await start({ turns: [{ text: 'ok' }] });
    const token = 'tok-7f3a9c1e5b2d4680aa11';
    await writeFile(join(server.workspace, 'AGENTS.md'), `Deploy with the token ${token}.\n`);
    const info = await createConversation(server);
    await call(server, {
      method: 'POST',
      url: `/api/conversations/${info.id}/events`,
      payload: userMessage('go', { run: true }),
    });
    await waitForStatus(server, info.id, ['finished']);
    await call(server, {
      method: 'POST',
      url: `/api/conversations/${info.id}/secrets`,
      payload: { secrets: { DEPLOY_TOKEN: token } },
    });
    const { status, body } = await call(server, { url: url(info.id) });
    expect(status).toBe(200);
    expect(JSON.stringify(body)).not.toContain(token);
    expect(JSON.stringify(body)).toContain('DEPLOY_TOKEN');
  });

  it('404 for an unknown conversation', async () => {
    const server = await start();
    const { status } = await call(server, { url: url('00000000-0000-4000-8000-00000000dead') });
    expect(status).toBe(404);
  });
});
