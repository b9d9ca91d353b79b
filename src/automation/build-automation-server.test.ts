import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAutomationServer, WEBHOOK_BODY_LIMIT_BYTES } from './build-automation-server';
import { type AutomationTestBed, createAutomationTestBed } from './testing/automation-test-bed';
import { DEFAULT_WEBHOOK_LIMIT } from './webhook-rate-limit';

const SESSION_KEY = 'the-session-key';
let bed: AutomationTestBed;
let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
  await bed?.close();
});

async function setUp() {
  bed = createAutomationTestBed();
  // inject() sends Host localhost:80.
  app = await buildAutomationServer({
    service: bed.service,
    sessionKey: SESSION_KEY,
    port: 80,
    allowedOrigins: new Set(['127.0.0.1:8000']),
  });
}
const withKey = { 'x-session-api-key': SESSION_KEY };

async function createWebhookAutomation(message = 'CI failed on {{payload.branch}}') {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/automation/automations',
    headers: withKey,
    payload: { name: 'CI', workspace: bed.workspace, message, webhook: true },
  });
  expect(answer.statusCode).toBe(201);
  return answer.json() as { id: string; webhook_url: string };
}

describe('automation service HTTP', () => {
  it('needs the session key (header or cookie) everywhere but /health and the webhooks', async () => {
    await setUp();
    expect((await app.inject({ url: '/api/automation/automations' })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/automation/automations', headers: { 'x-session-api-key': 'wrong' } }))
        .statusCode,
    ).toBe(401);
    expect((await app.inject({ url: '/api/automation/automations', headers: withKey })).json()).toEqual({
      items: [],
    });
    const cookie = { cookie: `other=1; awb_session=${SESSION_KEY}` };
    expect((await app.inject({ url: '/api/automation/automations', headers: cookie })).statusCode).toBe(200);
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
  });

  it('refuses another Host (DNS rebinding) and a page of another origin, but not a webhook caller', async () => {
    await setUp();
    const rebound = await app.inject({
      url: '/api/automation/automations',
      headers: { ...withKey, host: 'evil.test:80' },
    });
    expect(rebound.statusCode).toBe(403);
    const foreign = { ...withKey, origin: 'http://127.0.0.1:9999' };
    expect((await app.inject({ url: '/api/automation/automations', headers: foreign })).statusCode).toBe(403);
    const ours = { ...withKey, origin: 'http://127.0.0.1:8000' };
    expect((await app.inject({ url: '/api/automation/automations', headers: ours })).statusCode).toBe(200);
    const automation = await createWebhookAutomation();
    const hook = await app.inject({
      method: 'POST',
      url: automation.webhook_url,
      headers: { origin: 'https://ci.example' },
    });
    expect(hook.statusCode).toBe(202);
  });

  it('a webhook with its token starts a run with the body in the message', async () => {
    await setUp();
    const automation = await createWebhookAutomation();
    const answer = await app.inject({
      method: 'POST',
      url: automation.webhook_url,
      payload: { branch: 'main' },
    });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toMatchObject({ trigger: 'webhook', status: 'started' });
    const [first] = (bed.runtime.created[0] as { initial_message: { content: { text: string }[] } })
      .initial_message.content;
    expect(first?.text).toMatch(
      /^CI failed on <webhook_payload field="payload.branch" trust="untrusted">\nmain\n<\/webhook_payload>/,
    );
    const token = new URL(automation.webhook_url, 'http://x').searchParams.get('token') ?? '';
    const byHeader = await app.inject({
      method: 'POST',
      url: `/api/automation/hooks/${automation.id}`,
      headers: { 'x-automation-token': token },
    });
    expect(byHeader.statusCode).toBe(202);
  });

  it('refuses a webhook without its token or with a wrong one (401), and a body over the limit (413)', async () => {
    await setUp();
    const automation = await createWebhookAutomation();
    const path = `/api/automation/hooks/${automation.id}`;
    for (const url of [path, `${path}?token=wrong`, '/api/automation/hooks/not-an-id?token=x']) {
      const answer = await app.inject({ method: 'POST', url, payload: {} });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'invalid_token' });
    }
    const tooLarge = await app.inject({
      method: 'POST',
      url: automation.webhook_url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ log: 'x'.repeat(WEBHOOK_BODY_LIMIT_BYTES) }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'payload_too_large' });
    expect(bed.runtime.created).toHaveLength(0);
  });

  it('a flood of webhook calls: most answer 429 with Retry-After, the history stays bounded, the hook works again later', async () => {
    await setUp();
    const automation = await createWebhookAutomation();
    const call = () => app.inject({ method: 'POST', url: automation.webhook_url, payload: { branch: 'x' } });
    const finishRuns = () => {
      for (const id of bed.runtime.statuses.keys()) bed.runtime.statuses.set(id, 'finished');
    };
    const answers = [];
    for (let index = 0; index < 200; index++) {
      answers.push(await call());
      finishRuns();
    }
    const accepted = answers.filter((answer) => answer.statusCode === 202);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(accepted.length).toBe(DEFAULT_WEBHOOK_LIMIT.burst);
    expect(refused.length).toBe(200 - DEFAULT_WEBHOOK_LIMIT.burst);
    expect(accepted.map((answer) => answer.json().status)).toEqual(accepted.map(() => 'started'));
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.json()).toMatchObject({ code: 'rate_limited' });
    }
    const runs = async () =>
      (
        await app.inject({ url: `/api/automation/automations/${automation.id}/runs`, headers: withKey })
      ).json().items as { status: string; refused_calls: number }[];
    const history = await runs();
    expect(history).toHaveLength(DEFAULT_WEBHOOK_LIMIT.burst + 1);
    expect(history[0]).toMatchObject({ trigger: 'webhook', status: 'rate_limited', refused_calls: 195 });
    expect(bed.runtime.created).toHaveLength(DEFAULT_WEBHOOK_LIMIT.burst);

    // Once the wait it named has passed, the hook starts a run again; a later flood has a summary of its own.
    bed.clock.now = new Date(bed.clock.now.getTime() + Number(refused[0]?.headers['retry-after']) * 1000);
    expect((await call()).json()).toMatchObject({ status: 'started' });
    finishRuns();
    bed.clock.now = new Date(bed.clock.now.getTime() + 120_000);
    for (let index = 0; index < 50; index++) await call();
    const later = await runs();
    expect(later.filter((run) => run.status === 'rate_limited')).toHaveLength(2);
    expect(later.length).toBeLessThanOrEqual(2 * DEFAULT_WEBHOOK_LIMIT.burst + 3);
  });

  it('answers a bad definition with 422 and the field, and an unknown id with 404', async () => {
    await setUp();
    const badCron = await app.inject({
      method: 'POST',
      url: '/api/automation/automations',
      headers: withKey,
      payload: {
        name: 'x',
        workspace: bed.workspace,
        message: 'y',
        schedule: { cron: 'every day', timezone: 'UTC' },
      },
    });
    expect(badCron.statusCode).toBe(422);
    expect(badCron.json()).toMatchObject({ code: 'invalid_schedule', field: 'schedule.cron' });
    const missingName = await app.inject({
      method: 'POST',
      url: '/api/automation/automations',
      headers: withKey,
      payload: { workspace: bed.workspace, message: 'y' },
    });
    expect(missingName.statusCode).toBe(422);
    expect(missingName.json().detail[0]).toMatchObject({ loc: ['body', 'name'] });
    const unknown = await app.inject({
      url: '/api/automation/automations/00000000-0000-4000-8000-999999999999',
      headers: withKey,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'automation_not_found' });
    const notAnId = await app.inject({ url: '/api/automation/automations/abc', headers: withKey });
    expect(notAnId.statusCode).toBe(404);
    // Spelled another way, a path is still held to the route it reaches: no key, no answer.
    for (const url of ['/api/automation/hooks/../automations', '/api/automation/hooks%2F..%2Fautomations']) {
      expect((await app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('refuses a model name it cannot use with a message for the model field, and keeps one it can', async () => {
    await setUp();
    const create = (model: string) =>
      app.inject({
        method: 'POST',
        url: '/api/automation/automations',
        headers: withKey,
        payload: {
          name: 'x',
          workspace: bed.workspace,
          message: 'y',
          llm: { provider: 'openai-compatible', model },
        },
      });
    for (const [model, message] of [
      ['  ', "Choose a model, or none for the settings' model"],
      ['m'.repeat(201), 'A model name is at most 200 characters'],
      ['bad\u0007name', 'A model name has no control characters'],
    ] as const) {
      const refused = await create(model);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail).toEqual([
        expect.objectContaining({ loc: ['body', 'llm', 'model'], msg: message }),
      ]);
    }
    const saved = await create(' qwen-large ');
    expect(saved.statusCode).toBe(201);
    expect(saved.json().llm).toEqual({ provider: 'openai-compatible', model: 'qwen-large' });
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/automation/automations/${saved.json().id}`,
      headers: withKey,
      payload: { llm: null },
    });
    expect(edited.json().llm).toBeNull();
  });

  it('edits, runs now, lists the history and deletes', async () => {
    await setUp();
    const { id } = await createWebhookAutomation('nightly summary');
    const base = `/api/automation/automations/${id}`;
    const edited = await app.inject({
      method: 'PATCH',
      url: base,
      headers: withKey,
      payload: { enabled: false },
    });
    expect(edited.json()).toMatchObject({ enabled: false });
    expect((await app.inject({ method: 'POST', url: `${base}/run`, headers: withKey })).statusCode).toBe(409);
    await app.inject({ method: 'PATCH', url: base, headers: withKey, payload: { enabled: true } });
    const run = await app.inject({ method: 'POST', url: `${base}/run`, headers: withKey });
    expect(run.statusCode).toBe(202);
    const history = await app.inject({ url: `${base}/runs`, headers: withKey });
    expect(history.json().items).toMatchObject([{ trigger: 'manual', status: 'started' }]);
    expect((await app.inject({ method: 'DELETE', url: base, headers: withKey })).statusCode).toBe(204);
    expect((await app.inject({ url: base, headers: withKey })).statusCode).toBe(404);
  });
});

describe('route schemas document the wire and check nothing', () => {
  it('attack: an unknown field or a string for a boolean is refused by the service itself, not stripped or coerced to pass', async () => {
    await setUp();
    const create = (extra: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/automation/automations',
        headers: withKey,
        payload: { name: 'CI', workspace: bed.workspace, message: 'hi', ...extra },
      });
    for (const extra of [{ run_as_root: true }, { webhook: 'true' }, { enabled: 'false' }]) {
      const answer = await create(extra);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().code).toBe('validation_failed');
    }
    expect((await app.inject({ url: '/api/automation/automations', headers: withKey })).json()).toEqual({
      items: [],
    });
  });
});
