import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../testing/api-helpers';
import { createTestServer, type TestServer } from '../../testing/create-test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** What the Agent Canvas 1.16.0's onboarding saves as the "default" agent profile. */
const CANVAS_PROFILE = {
  agent_kind: 'openhands',
  llm_profile_ref: 'mock',
  tools: null,
  disabled_skills: [],
  condenser: { enabled: true, max_size: 240 },
  mcp_server_refs: null,
};

describe('agent profiles (the Agent Canvas saves one in onboarding and activates it by id)', () => {
  it('what the Canvas saves comes back, under a server id it activates by; the body cannot choose the id', async () => {
    server = await createTestServer();
    const saved = await call(server, {
      method: 'POST',
      url: '/api/agent-profiles/default',
      payload: { ...CANVAS_PROFILE, id: 'chosen-by-client', name: 'other', revision: 99 },
    });
    expect(saved.status).toBe(201);
    const read = await call(server, { url: '/api/agent-profiles/default' });
    expect(read.body).toEqual({
      name: 'default',
      profile: { ...CANVAS_PROFILE, id: expect.any(String), name: 'default', revision: 1 },
    });
    const id = (read.body as { profile: { id: string } }).profile.id;
    expect(id).not.toBe('chosen-by-client');

    const activated = await call(server, { method: 'POST', url: `/api/agent-profiles/${id}/activate` });
    expect(activated.body).toEqual({ id, message: expect.any(String), agent_settings_applied: false });
    expect((await call(server, { method: 'POST', url: '/api/agent-profiles/nope/activate' })).status).toBe(
      404,
    );

    await call(server, { method: 'POST', url: '/api/agent-profiles/default', payload: CANVAS_PROFILE });
    expect((await call(server, { url: '/api/agent-profiles' })).body).toEqual({
      profiles: [
        {
          id,
          name: 'default',
          agent_kind: 'openhands',
          revision: 2,
          llm_profile_ref: 'mock',
          mcp_server_refs: null,
        },
      ],
      active_agent_profile_id: id,
    });
  });

  it('keeps no field named like a secret, renames keeping the id, and deleting the active one clears the pointer', async () => {
    server = await createTestServer();
    await call(server, {
      method: 'POST',
      url: '/api/agent-profiles/main',
      payload: { ...CANVAS_PROFILE, acp_env: { GITHUB_TOKEN: 'ghp-secret-value' }, api_key: 'sk-nope' },
    });
    const file = readFileSync(join(server.dataDir, 'agent-profiles.json'), 'utf8');
    expect(file).not.toContain('ghp-secret-value');
    expect(file).not.toContain('sk-nope');

    const { id } = (
      (await call(server, { url: '/api/agent-profiles/main' })).body as { profile: { id: string } }
    ).profile;
    await call(server, { method: 'POST', url: `/api/agent-profiles/${id}/activate` });
    const renamed = await call(server, {
      method: 'POST',
      url: '/api/agent-profiles/main/rename',
      payload: { new_name: 'work' },
    });
    expect(renamed.body).toMatchObject({ name: 'work' });
    expect((await call(server, { url: '/api/agent-profiles' })).body).toMatchObject({
      profiles: [{ id, name: 'work' }],
      active_agent_profile_id: id,
    });

    expect((await call(server, { method: 'DELETE', url: '/api/agent-profiles/work' })).status).toBe(200);
    expect((await call(server, { url: '/api/agent-profiles' })).body).toEqual({
      profiles: [],
      active_agent_profile_id: null,
    });
  });

  it('an LLM profile an agent profile refers to cannot be deleted (409), and a rename carries the reference', async () => {
    server = await createTestServer();
    await call(server, {
      method: 'POST',
      url: '/api/profiles/mock',
      payload: { llm: { model: 'openai/mock', base_url: 'http://127.0.0.1:9/v1' } },
    });
    await call(server, { method: 'POST', url: '/api/agent-profiles/main', payload: CANVAS_PROFILE });
    expect((await call(server, { method: 'DELETE', url: '/api/profiles/mock' })).status).toBe(409);
    await call(server, {
      method: 'POST',
      url: '/api/profiles/mock/rename',
      payload: { new_name: 'renamed' },
    });
    expect((await call(server, { url: '/api/agent-profiles/main' })).body).toMatchObject({
      profile: { llm_profile_ref: 'renamed' },
    });
  });
});

describe('a conversation created with agent_profile_id (the Canvas launches a non-default profile so)', () => {
  it("runs the model of the LLM profile the agent profile names, with that profile's key never answered", async () => {
    server = await createTestServer();
    await call(server, {
      method: 'POST',
      url: '/api/profiles/other',
      payload: {
        llm: { model: 'openai/other-model', base_url: 'http://127.0.0.1:9/v1', api_key: 'sk-other-key-0123' },
      },
    });
    await call(server, {
      method: 'POST',
      url: '/api/agent-profiles/builder',
      payload: { ...CANVAS_PROFILE, llm_profile_ref: 'other', tools: [{ name: 'terminal' }] },
    });
    const { id } = (
      (await call(server, { url: '/api/agent-profiles/builder' })).body as { profile: { id: string } }
    ).profile;
    const created = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: { agent_profile_id: id, workspace: { kind: 'LocalWorkspace', working_dir: server.workspace } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ agent: { llm: { model: 'openai/other-model', api_key: null } } });
    expect(JSON.stringify(created.body)).not.toContain('sk-other-key-0123');

    const unknown = await call(server, {
      method: 'POST',
      url: '/api/conversations',
      payload: {
        agent_profile_id: 'no-such-id',
        workspace: { kind: 'LocalWorkspace', working_dir: server.workspace },
      },
    });
    expect(unknown.status).toBe(404);
  });
});
