import './client-environment';
import { AgentProfilesClient, ProfilesClient } from '@openhands/typescript-client/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamWorkbench, UPSTREAM_LLM_KEY, type UpstreamWorkbench } from './upstream-workbench';

// The official client's profile clients, unmodified, through the real launcher: what the Agent
// Canvas's LLM and agent settings pages call.

let bench: UpstreamWorkbench;
beforeAll(async () => {
  bench = await startUpstreamWorkbench();
}, 60_000);
afterAll(async () => {
  await bench?.close();
});

describe('official client: profiles', () => {
  it('ProfilesClient: saveProfile, listProfiles, getProfile, validateProfile, renameProfile, activateProfile, deleteProfile', async () => {
    const client = new ProfilesClient({ host: bench.host, apiKey: bench.sessionKey });
    const llm = { model: 'openai/mock-model', base_url: bench.mockLlm.url, api_key: UPSTREAM_LLM_KEY };
    expect(await client.validateProfile('first', { llm, include_secrets: true })).toMatchObject({
      valid: true,
    });
    await client.saveProfile('first', { llm, include_secrets: true });
    await client.saveProfile('second', {
      llm: { ...llm, model: 'openai/other-model' },
      include_secrets: true,
    });
    expect((await client.listProfiles()).profiles.map((profile) => profile.name)).toEqual(
      expect.arrayContaining(['first', 'second']),
    );
    const read = await client.getProfile('second', { exposeSecrets: 'encrypted' });
    expect(read).toMatchObject({
      name: 'second',
      config: { model: 'openai/other-model', api_key: null },
      api_key_set: true,
    });
    expect(JSON.stringify(read)).not.toContain(UPSTREAM_LLM_KEY);
    expect(await client.renameProfile('second', 'renamed')).toMatchObject({ name: 'renamed' });
    expect(await client.activateProfile('renamed')).toMatchObject({ name: 'renamed', llm_applied: true });
    expect((await client.listProfiles()).active_profile).toBe('renamed');
    await client.deleteProfile('renamed');
    expect((await client.listProfiles()).active_profile).toBeNull();
    client.close();
  });

  it('AgentProfilesClient: saveAgentProfile, getAgentProfile, listAgentProfiles, activateAgentProfile, renameAgentProfile, deleteAgentProfile', async () => {
    const client = new AgentProfilesClient({ host: bench.host, apiKey: bench.sessionKey });
    await client.saveAgentProfile('builder', { agent_kind: 'openhands', llm_profile_ref: 'first' });
    const { profile } = await client.getAgentProfile('builder');
    expect(profile).toMatchObject({ name: 'builder', llm_profile_ref: 'first', revision: 1 });
    const id = String(profile.id);
    expect(await client.activateAgentProfile(id)).toMatchObject({ id, agent_settings_applied: false });
    await client.renameAgentProfile('builder', 'maker');
    expect(await client.listAgentProfiles()).toMatchObject({
      profiles: [{ id, name: 'maker' }],
      active_agent_profile_id: id,
    });
    await client.deleteAgentProfile('maker');
    expect(await client.listAgentProfiles()).toEqual({ profiles: [], active_agent_profile_id: null });
    client.close();
  });
});
