import './client-environment';
import { randomUUID } from 'node:crypto';
import { Agent, ConversationManager, HttpClient } from '@openhands/typescript-client';
import { AgentServerClient, ConversationClient, SettingsClient } from '@openhands/typescript-client/clients';
import { describe, expect, it } from 'vitest';
import {
  type AnyEvent,
  bench,
  manager,
  agent,
  rejection,
  registerOfficialClientBed,
} from './official-client-bed';
import { finishCall, UPSTREAM_LLM_KEY, waitFor } from './upstream-workbench';

// The official client's low-level clients and transports, its saved-secrets client, and the errors
// every client sees, against the real launcher (see official-client.integration.test.ts).
registerOfficialClientBed();

describe('official client: low-level clients', () => {
  it('ConversationClient: create, search, count, get, events, send, run, pause, confirm, policies, secrets, ask, final response, condense, switchLLM, fork, navigate, update, delete', async () => {
    const client = new ConversationClient({ host: bench.host, apiKey: bench.sessionKey });
    const created = await client.createConversation({
      agent: agent(),
      workspace: { kind: 'LocalWorkspace', working_dir: bench.workspace },
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Low level' }] },
    } as never);
    const id = created.id;
    expect((await client.getConversation(id)).id).toBe(id);
    expect((await client.searchConversations({ limit: 100 })).items.map((info) => info.id)).toContain(id);
    expect(await client.countConversations()).toBeGreaterThan(0);
    expect((await client.getConversations([id])).map((info) => info?.id)).toEqual([id]);

    await client.sendEvent(id, { role: 'user', content: [{ type: 'text', text: 'More' }] });
    const messages = await client.searchEvents(id, { kind: 'MessageEvent' } as never);
    expect(messages.items.length).toBe(2);
    const first = messages.items[0] as unknown as AnyEvent;
    expect(await client.getEvent(id, first.id)).toMatchObject({ id: first.id });
    expect((await client.getEvents(id, [first.id, randomUUID()])).map((event) => event?.id ?? null)).toEqual([
      first.id,
      null,
    ]);
    expect(await client.getEventCount(id)).toBeGreaterThanOrEqual(2);

    await client.setConfirmationPolicy(id, { kind: 'NeverConfirm' });
    await client.setSecurityAnalyzer(id, { kind: 'LLMSecurityAnalyzer' });
    await client.updateSecrets(id, {
      secrets: { LOW_LEVEL: { kind: 'StaticSecret', value: 'x-low-level' } },
    } as never);
    await client.respondToConfirmation(id, { accept: true });
    await client.switchLLM(id, {
      model: 'openai/mock-model',
      base_url: bench.mockLlm.url,
      api_key: UPSTREAM_LLM_KEY,
    });

    bench.script([finishCall('low level done')]);
    await client.runConversation(id);
    await waitFor(
      'the low-level run to finish',
      async () => (await client.getConversation(id)).execution_status === 'finished',
    );
    expect((await client.getAgentFinalResponse(id)).response).toBe('low level done');
    bench.script([], { text: 'Low-level side answer.' });
    expect((await client.askAgent(id, 'Why?')).response).toBe('Low-level side answer.');
    bench.script([], { text: 'Low-level summary.' });
    await client.condenseConversation(id);
    await client.pauseConversation(id);
    await client.interruptConversation(id);

    const forkId = randomUUID();
    const fork = await client.forkConversation(id, { id: forkId, title: 'Low fork' });
    expect(fork.id).toBe(forkId);
    const navigated = await client.navigateConversation(forkId, { event_id: first.id });
    expect((navigated as unknown as { leaf_event_id?: string }).leaf_event_id).toBe(first.id);
    await client.updateConversation(forkId, { title: 'Low fork renamed' });
    expect((await client.getConversation(forkId)).title).toBe('Low fork renamed');
    await client.deleteConversation(forkId);
    expect((await rejection(client.getConversation(forkId))).status).toBe(404);
  });

  it('transports: HttpClient get/post/patch/delete/request and AgentServerClient request/get/post/patch/delete', async () => {
    const http = new HttpClient({ baseUrl: bench.host, apiKey: bench.sessionKey });
    expect((await http.get('/api/conversations/count')).status).toBe(200);
    const made = await http.post<{ id: string }>('/api/conversations', {
      agent: agent(),
      workspace: { kind: 'LocalWorkspace', working_dir: bench.workspace },
    });
    const id = made.data.id;
    expect((await http.patch(`/api/conversations/${id}`, { title: 'via http' })).status).toBe(200);
    expect((await http.request({ method: 'GET', url: `/api/conversations/${id}` })).data).toMatchObject({
      title: 'via http',
    });
    const server = new AgentServerClient({ host: bench.host, apiKey: bench.sessionKey });
    expect(await server.get<{ title: string }>(`/api/conversations/${id}`)).toMatchObject({
      title: 'via http',
    });
    await server.patch(`/api/conversations/${id}`, { title: 'via agent server client' });
    expect(await server.request({ method: 'GET', path: `/api/conversations/${id}` })).toMatchObject({
      title: 'via agent server client',
    });
    const other = await server.post<{ id: string }>('/api/conversations', {
      agent: agent(),
      workspace: { kind: 'LocalWorkspace', working_dir: bench.workspace },
    });
    await server.delete(`/api/conversations/${other.id}`);
    expect((await http.delete(`/api/conversations/${id}`)).status).toBe(200);
    expect((await rejection(http.get(`/api/conversations/${other.id}`))).status).toBe(404);
  });
});

describe('official client: saved secrets', () => {
  it('SettingsClient: upsertSecret, listSecrets and deleteSecret keep a saved secret, getSecret never answers its value; HttpClient and AgentServerClient put', async () => {
    const settings = new SettingsClient({ host: bench.host, apiKey: bench.sessionKey });
    const saved = await settings.upsertSecret({
      name: 'UPSTREAM_TOKEN',
      value: 'upstream-saved-value-0123',
      description: 'from the client',
    });
    expect(saved).toMatchObject({ name: 'UPSTREAM_TOKEN', description: 'from the client' });
    expect((await settings.listSecrets()).secrets).toContainEqual({
      name: 'UPSTREAM_TOKEN',
      description: 'from the client',
    });
    const asked = await rejection(settings.getSecret('UPSTREAM_TOKEN'));
    expect(asked.status).toBe(403);
    expect(JSON.stringify(asked)).not.toContain('upstream-saved-value-0123');
    const http = new HttpClient({ baseUrl: bench.host, apiKey: bench.sessionKey });
    expect(
      (await http.put('/api/settings/secrets', { name: 'HTTP_TOKEN', value: 'http-value-1' })).status,
    ).toBe(200);
    const server = new AgentServerClient({ host: bench.host, apiKey: bench.sessionKey });
    await server.put('/api/settings/secrets', { name: 'SERVER_TOKEN', value: 'server-value-1' });
    expect(await settings.deleteSecret('UPSTREAM_TOKEN')).toEqual({ deleted: true });
    await settings.deleteSecret('HTTP_TOKEN');
    await settings.deleteSecret('SERVER_TOKEN');
    expect((await settings.listSecrets()).secrets).toEqual([]);
  });
});

describe('official client: errors', () => {
  it('unknown conversation id → HttpError 404', async () => {
    expect((await rejection(manager.getConversation(randomUUID()))).status).toBe(404);
  });

  it('a bad body → 422', async () => {
    const http = new HttpClient({ baseUrl: bench.host, apiKey: bench.sessionKey });
    const error = await rejection(http.post('/api/conversations', { agent: 'not an agent', workspace: 7 }));
    expect(error.status).toBe(422);
  });

  it('a wrong API key → 401', async () => {
    const stranger = new ConversationManager({ host: bench.host, apiKey: 'not-the-session-key' });
    expect((await rejection(stranger.searchConversations())).status).toBe(401);
  });

  it('an unsupported model → 422 with the reason', async () => {
    const error = await rejection(
      manager.createConversation(
        new Agent({ llm: { model: 'bedrock/anthropic.claude-v2' }, tools: [{ name: 'terminal' }] }),
        { workingDir: bench.workspace },
      ),
    );
    expect(error.status).toBe(422);
    expect(JSON.stringify(error.response)).toMatch(/bedrock/);
  });
});
