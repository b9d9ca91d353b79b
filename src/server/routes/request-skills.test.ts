import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedLLM } from '../../runtime/llm/scripted-llm';
import { call, waitForStatus } from '../testing/api-helpers';
import { createTestServer, type TestServer } from '../testing/create-test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const SKILLS = [
  {
    name: 'docker',
    content: '# Use docker compose\nRun `docker compose up -d`.',
    trigger: null,
    source: '/x/SKILL.md',
  },
  {
    name: 'deploy',
    content: 'DEPLOY-STEPS: tag, push, wait for CI.',
    trigger: { type: 'keyword', keywords: ['deploy'] },
  },
];

describe("inline skills in the create body (upstream's agent_context.skills) reach the model like our skills", () => {
  it('are listed in the system prompt, loaded by invoke_skill, and a keyword one is loaded by the message naming it', async () => {
    const llm = createScriptedLLM({
      turns: [
        { tool_calls: [{ name: 'invoke_skill', arguments: { name: 'docker' } }] },
        { text: 'Read it.' },
      ],
    });
    server = await createTestServer({ createLLM: () => llm });
    const created = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: {
        agent_settings: {
          agent_kind: 'openhands',
          agent_context: { skills: SKILLS, load_user_skills: true },
        },
        workspace: { kind: 'LocalWorkspace', working_dir: server.workspace },
        confirmation_policy: { kind: 'NeverConfirm' },
        initial_message: {
          role: 'user',
          content: [{ type: 'text', text: 'Please deploy the app' }],
          run: true,
        },
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    await waitForStatus(server, id, ['finished', 'idle', 'error', 'stuck']);

    const first = JSON.stringify(llm.calls[0]?.messages);
    expect(first).toContain('docker');
    expect(first).toContain('Use docker compose');
    expect(first).toContain('DEPLOY-STEPS');
    expect(JSON.stringify(llm.calls[1]?.messages)).toContain('docker compose up -d');
    const listed = await call(server, { url: `/api/conversations/${id}/skills` });
    expect(JSON.stringify(listed.body)).toContain('deploy');
  });

  it('refuses a skill whose name could be a path (422)', async () => {
    server = await createTestServer();
    const refused = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: {
        agent_settings: { agent_context: { skills: [{ name: '../../etc', content: 'x' }] } },
        workspace: { kind: 'LocalWorkspace', working_dir: server.workspace },
      },
    });
    expect(refused.status).toBe(422);
  });
});
