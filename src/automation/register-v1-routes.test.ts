import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAutomationServer } from './build-automation-server';
import { type AutomationTestBed, createAutomationTestBed } from './testing/automation-test-bed';

const SESSION_KEY = 'the-session-key';
const withKey = { 'x-session-api-key': SESSION_KEY };
const UNKNOWN = '00000000-0000-4000-8000-999999999999';
let bed: AutomationTestBed;
let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
  await bed?.close();
});

async function setUp(defaultWorkspace?: string) {
  bed = createAutomationTestBed();
  app = await buildAutomationServer({
    service: bed.service,
    sessionKey: SESSION_KEY,
    port: 80,
    allowedOrigins: new Set(['127.0.0.1:3001']),
    defaultWorkspace: defaultWorkspace ?? bed.workspace,
  });
}

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: unknown) {
  const answer = await app.inject({ method, url, headers: withKey, ...(payload ? { payload } : {}) });
  return { status: answer.statusCode, body: answer.body ? answer.json() : undefined };
}

/** What the Canvas's import sends: a prompt with a placeholder event trigger, then the real trigger, disabled. */
async function importAutomation(name = 'Nightly notes') {
  const created = await call('POST', '/api/automation/v1/preset/prompt', {
    name,
    prompt: 'Write the release notes',
    trigger: { type: 'event', source: 'agent-canvas-import-placeholder', on: 'pending.1' },
  });
  expect(created.status).toBe(201);
  const patched = await call('PATCH', `/api/automation/v1/${created.body.id}`, {
    trigger: { type: 'cron', schedule: '0 9 * * 1-5', timezone: 'Europe/Berlin' },
    enabled: false,
  });
  expect(patched.status).toBe(200);
  return patched.body;
}

describe('openhands-automation v1 routes', () => {
  it('answers health, sdk-version and capabilities in upstream`s shapes', async () => {
    await setUp();
    expect(await call('GET', '/api/automation/health')).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await call('GET', '/api/automation/sdk-version')).body).toMatchObject({ sdk_version: null });
    const capabilities = (await call('GET', '/api/automation/v1/capabilities')).body;
    expect(capabilities).toMatchObject({
      ready: true,
      triggerKinds: ['cron'],
      eventSources: [],
      features: ['conversationDispatch', 'presetPrompt'],
    });
    expect(capabilities.triggers.cron.timezones).toContain('UTC');
    expect(capabilities.triggers.cron.timezones).toContain('Europe/Berlin');
  });

  it('creates a prompt automation as the Canvas imports it, and our own routes see the same one', async () => {
    await setUp();
    const automation = await importAutomation();
    expect(automation).toMatchObject({
      name: 'Nightly notes',
      prompt: 'Write the release notes',
      model: null,
      trigger: { type: 'cron', schedule: '0 9 * * 1-5', timezone: 'Europe/Berlin' },
      timezone: 'Europe/Berlin',
      enabled: false,
      last_triggered_at: null,
      workspace: bed.workspace,
    });
    expect(automation.trigger.schedule_human).toContain('Europe/Berlin');
    const ours = await call('GET', `/api/automation/automations/${automation.id}`);
    expect(ours.body).toMatchObject({
      message: 'Write the release notes',
      schedule: { cron: '0 9 * * 1-5', timezone: 'Europe/Berlin' },
      enabled: false,
      workspace: bed.workspace,
    });
    const list = await call('GET', '/api/automation/v1?limit=50&offset=0');
    expect(list.body).toMatchObject({ total: 1, automations: [{ id: automation.id }] });
  });

  it('lists our own automations too, one without a schedule as a manual trigger', async () => {
    await setUp();
    await call('POST', '/api/automation/automations', {
      name: 'Ours',
      workspace: bed.workspace,
      message: 'hello',
      webhook: true,
      llm: { provider: 'anthropic', model: 'claude-x' },
    });
    const [listed] = (await call('GET', '/api/automation/v1')).body.automations;
    expect(listed).toMatchObject({
      name: 'Ours',
      prompt: 'hello',
      model: 'anthropic/claude-x',
      trigger: { type: 'manual' },
      timezone: null,
    });
  });

  it('pages the list with limit and offset, and refuses a page out of bounds (422)', async () => {
    await setUp();
    for (const name of ['a', 'b', 'c']) await importAutomation(name);
    const page = await call('GET', '/api/automation/v1?limit=1&offset=1');
    expect(page.body.total).toBe(3);
    expect(page.body.automations.map((each: { name: string }) => each.name)).toEqual(['b']);
    expect((await call('GET', '/api/automation/v1?limit=100000')).status).toBe(422);
    expect((await call('GET', '/api/automation/v1?offset=-1')).status).toBe(422);
  });

  it('edits, enables and disables through PATCH, mapping the model and keeping the zone', async () => {
    await setUp();
    const automation = await importAutomation();
    const edited = await call('PATCH', `/api/automation/v1/${automation.id}`, {
      name: 'Renamed',
      prompt: 'New words',
      model: 'openai/gpt-x',
      timeout: 600,
      trigger: { ...automation.trigger, schedule: '30 8 * * *', timezone: undefined },
      enabled: true,
    });
    expect(edited.body).toMatchObject({
      name: 'Renamed',
      prompt: 'New words',
      model: 'openai/gpt-x',
      trigger: { schedule: '30 8 * * *', timezone: 'Europe/Berlin' },
      enabled: true,
    });
    expect(edited.body.next_run_at).not.toBeNull();
    const ours = (await call('GET', `/api/automation/automations/${automation.id}`)).body;
    expect(ours.llm).toEqual({ provider: 'openai', model: 'gpt-x' });
    const disabled = await call('PATCH', `/api/automation/v1/${automation.id}`, { enabled: false });
    expect(disabled.body).toMatchObject({ enabled: false, next_run_at: null });
  });

  it('refuses what our own routes refuse: a bad schedule, a model name with control characters, an empty prompt', async () => {
    await setUp();
    const automation = await importAutomation();
    const badCron = await call('PATCH', `/api/automation/v1/${automation.id}`, {
      trigger: { type: 'cron', schedule: '* * *' },
    });
    expect(badCron).toMatchObject({ status: 422, body: { code: 'invalid_schedule' } });
    const badModel = await call('POST', '/api/automation/v1/preset/prompt', {
      name: 'x',
      prompt: 'y',
      model: 'gpt\u0000\u001b[2J',
    });
    expect(badModel).toMatchObject({ status: 422, body: { code: 'validation_failed' } });
    expect(JSON.stringify(badModel.body)).not.toContain('\u001b');
    const empty = await call('POST', '/api/automation/v1/preset/prompt', { name: 'x', prompt: '  ' });
    expect(empty).toMatchObject({ status: 422, body: { code: 'validation_failed' } });
    expect((await call('GET', '/api/automation/automations')).body.items).toHaveLength(1);
  });

  it('a v1 create cannot choose its folder, repositories or plugins: the workbench folder, or a refusal', async () => {
    await setUp();
    const sneaky = await call('POST', '/api/automation/v1/preset/prompt', {
      name: 'x',
      prompt: 'y',
      workspace: '/etc',
      working_dir: '/root',
    });
    expect(sneaky.status).toBe(201);
    expect(sneaky.body.workspace).toBe(bed.workspace);
    const repos = await call('POST', '/api/automation/v1/preset/prompt', {
      name: 'x',
      prompt: 'y',
      repos: [{ url: 'https://github.com/acme/app' }],
    });
    expect(repos).toMatchObject({ status: 404, body: { code: 'not_available', field: 'repos' } });
    await app.close();
    await bed.close();
    bed = createAutomationTestBed();
    app = await buildAutomationServer({
      service: bed.service,
      sessionKey: SESSION_KEY,
      port: 80,
      allowedOrigins: new Set(),
    });
    const noFolder = await call('POST', '/api/automation/v1/preset/prompt', { name: 'x', prompt: 'y' });
    expect(noFolder).toMatchObject({ status: 422, body: { code: 'invalid_workspace' } });
  });

  it('dispatches a run (201) that starts a conversation, lists it with the conversation`s status, and cancels it', async () => {
    await setUp();
    const automation = await importAutomation();
    const disabled = await call('POST', `/api/automation/v1/${automation.id}/dispatch`);
    expect(disabled).toMatchObject({ status: 409, body: { code: 'automation_disabled' } });
    await call('PATCH', `/api/automation/v1/${automation.id}`, { enabled: true });
    const run = await call('POST', `/api/automation/v1/${automation.id}/dispatch`);
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({ status: 'RUNNING', automation_id: automation.id, error_detail: null });
    expect(bed.runtime.created[0]).toMatchObject({
      title: 'Nightly notes',
      workspace: { working_dir: bed.workspace },
    });
    const runs = await call('GET', `/api/automation/v1/${automation.id}/runs?limit=10&offset=0`);
    expect(runs.body).toMatchObject({
      total: 1,
      runs: [{ id: run.body.id, conversation_id: run.body.conversation_id }],
    });
    bed.runtime.statuses.set(run.body.conversation_id, 'finished');
    expect((await call('GET', `/api/automation/v1/${automation.id}/runs`)).body.runs[0].status).toBe(
      'COMPLETED',
    );
    bed.runtime.statuses.set(run.body.conversation_id, 'running');
    const cancelled = await call('POST', `/api/automation/v1/runs/${run.body.id}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { id: run.body.id, status: 'CANCELLED' } });
    expect(bed.runtime.statuses.get(run.body.conversation_id)).toBe('paused');
    expect((await call('GET', `/api/automation/v1/${automation.id}`)).body.last_triggered_at).not.toBeNull();
  });

  it('shows the runs while the runtime is down, as still running, and says why a cancel cannot reach it (502)', async () => {
    await setUp();
    const automation = await importAutomation();
    await call('PATCH', `/api/automation/v1/${automation.id}`, { enabled: true });
    const run = await call('POST', `/api/automation/v1/${automation.id}/dispatch`);
    bed.runtime.down = true;
    expect((await call('GET', `/api/automation/v1/${automation.id}/runs`)).body.runs[0].status).toBe(
      'RUNNING',
    );
    expect((await call('POST', `/api/automation/v1/runs/${run.body.id}/cancel`)).body).toMatchObject({
      code: 'runtime_unreachable',
    });
  });

  it('answers unknown and malformed ids with 404 and the catalogue`s code', async () => {
    await setUp();
    for (const [method, url] of [
      ['GET', `/api/automation/v1/${UNKNOWN}`],
      ['PATCH', `/api/automation/v1/${UNKNOWN}`],
      ['DELETE', `/api/automation/v1/${UNKNOWN}`],
      ['POST', `/api/automation/v1/${UNKNOWN}/dispatch`],
      ['GET', `/api/automation/v1/${UNKNOWN}/runs`],
      ['GET', '/api/automation/v1/not-an-id'],
    ] as const) {
      expect(await call(method, url, method === 'PATCH' ? {} : undefined)).toMatchObject({
        status: 404,
        body: { code: 'automation_not_found' },
      });
    }
    expect((await call('POST', `/api/automation/v1/runs/${UNKNOWN}/cancel`)).body).toMatchObject({
      code: 'run_not_found',
    });
    expect((await call('POST', '/api/automation/v1/runs/nope/cancel')).status).toBe(404);
  });

  it('deletes through v1, and a skipped or failed run cannot be cancelled (409)', async () => {
    await setUp();
    const automation = await importAutomation();
    await call('PATCH', `/api/automation/v1/${automation.id}`, { enabled: true });
    bed.runtime.refusal = 'the runtime could not create the conversation (HTTP 422): no folder';
    const failed = await call('POST', `/api/automation/v1/${automation.id}/dispatch`);
    expect(failed.body).toMatchObject({
      status: 'FAILED',
      error_detail: expect.stringContaining('no folder'),
    });
    expect((await call('POST', `/api/automation/v1/runs/${failed.body.id}/cancel`)).body).toMatchObject({
      code: 'run_not_cancellable',
    });
    expect((await call('DELETE', `/api/automation/v1/${automation.id}`)).status).toBe(204);
    expect((await call('GET', '/api/automation/automations')).body.items).toEqual([]);
  });

  it('validates a setup draft: a good one, a bad schedule, an event trigger and repositories, each named', async () => {
    await setUp();
    const good = {
      name: 'n',
      prompt: 'p',
      trigger: { type: 'cron', schedule: '*/15 * * * *', timezone: 'UTC' },
    };
    expect((await call('POST', '/api/automation/v1/validate', { draft: good })).body).toEqual({
      valid: true,
      errors: [],
    });
    const cases = [
      [
        { ...good, trigger: { type: 'cron', schedule: '61 * * * *' } },
        'trigger.schedule',
        'invalid_schedule',
      ],
      [
        { ...good, trigger: { type: 'cron', schedule: '* * * * *', timezone: 'Mars/Base' } },
        'trigger.timezone',
        'invalid_schedule',
      ],
      [
        { ...good, trigger: { type: 'event', source: 'github', on: 'push' } },
        'trigger.type',
        'trigger_kind_not_available',
      ],
      [{ ...good, repos: [{ url: 'acme/app' }] }, 'repos', 'not_available'],
      [{ ...good, name: '' }, 'name', 'invalid'],
    ] as const;
    for (const [draft, field, code] of cases) {
      const answer = (await call('POST', '/api/automation/v1/validate', { draft })).body;
      expect(answer).toMatchObject({ valid: false, errors: [{ field, code }] });
    }
    expect((await call('POST', '/api/automation/v1/validate', {})).status).toBe(422);
  });

  it('answers plugins, bundles, tarballs, uploads and git sync with not_available (404)', async () => {
    await setUp();
    const automation = await importAutomation();
    for (const [method, url] of [
      ['POST', '/api/automation/v1/preset/plugin'],
      ['POST', '/api/automation/v1'],
      ['POST', '/api/automation/v1/uploads'],
      ['GET', `/api/automation/v1/${automation.id}/tarball`],
      ['GET', '/api/automation/v1/git-sync/status'],
      ['PUT', '/api/automation/v1/git-sync/config'],
      ['POST', '/api/automation/v1/git-sync/check'],
      ['POST', '/api/automation/v1/git-sync/sync'],
    ] as const) {
      expect(await call(method, url, method === 'GET' ? undefined : {})).toMatchObject({
        status: 404,
        body: { code: 'not_available' },
      });
    }
  });

  it('guards every v1 route like the others: the session key, the Host and the Origin', async () => {
    await setUp();
    const routes = [
      ['GET', '/api/automation/health'],
      ['GET', '/api/automation/sdk-version'],
      ['GET', '/api/automation/v1'],
      ['GET', '/api/automation/v1/capabilities'],
      ['POST', '/api/automation/v1/validate'],
      ['POST', '/api/automation/v1/preset/prompt'],
      ['POST', `/api/automation/v1/${UNKNOWN}/dispatch`],
      ['POST', `/api/automation/v1/runs/${UNKNOWN}/cancel`],
    ] as const;
    for (const [method, url] of routes) {
      expect((await app.inject({ method, url })).statusCode).toBe(401);
      expect(
        (await app.inject({ method, url, headers: { ...withKey, host: 'evil.test:80' } })).statusCode,
      ).toBe(403);
      const foreign = { ...withKey, origin: 'http://127.0.0.1:9999' };
      expect((await app.inject({ method, url, headers: foreign })).statusCode).toBe(403);
    }
    const canvas = { ...withKey, origin: 'http://127.0.0.1:3001' };
    expect((await app.inject({ url: '/api/automation/v1', headers: canvas })).statusCode).toBe(200);
  });
});
