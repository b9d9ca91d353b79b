import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAutomationServer } from './build-automation-server';
import { type AutomationTestBed, createAutomationTestBed } from './testing/automation-test-bed';

const SESSION_KEY = 'the-session-key';
const withKey = { 'x-session-api-key': SESSION_KEY, 'content-type': 'application/json' };
let bed: AutomationTestBed;
let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
  await bed?.close();
});

async function setUp() {
  bed = createAutomationTestBed();
  app = await buildAutomationServer({
    service: bed.service,
    sessionKey: SESSION_KEY,
    port: 80,
    allowedOrigins: new Set(['127.0.0.1:8000']),
  });
}

/** Raw JSON text, so 1e400 (Infinity once parsed) reaches the service as it would from any client. */
const send = (method: 'POST' | 'PATCH', url: string, body: string) =>
  app.inject({ method, url, headers: withKey, payload: body });

const HOSTILE_BUDGETS = ['0', '-1', '-0.5', '1e400', '"5"', 'true'];

describe('an automation budget', () => {
  it.each(HOSTILE_BUDGETS)(
    'create and edit refuse a budget of %s with 422 naming the field',
    async (value) => {
      await setUp();
      const definition = `"name": "Nightly", "workspace": ${JSON.stringify(bed.workspace)}, "message": "go"`;
      const refused = await send(
        'POST',
        '/api/automation/automations',
        `{${definition}, "budget": ${value}}`,
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail[0].loc).toEqual(['body', 'budget']);
      const created = await send('POST', '/api/automation/automations', `{${definition}, "budget": 1.5}`);
      expect(created.statusCode).toBe(201);
      const { id } = created.json() as { id: string };
      const edited = await send('PATCH', `/api/automation/automations/${id}`, `{"budget": ${value}}`);
      expect(edited.statusCode).toBe(422);
      expect(edited.json().detail[0].loc).toEqual(['body', 'budget']);
      const kept = await app.inject({ url: `/api/automation/automations/${id}`, headers: withKey });
      expect(kept.json().budget).toBe(1.5);
    },
  );

  it("gives each run's conversation the automation's budget, and none of its own when unset", async () => {
    await setUp();
    const definition = {
      workspace: bed.workspace,
      message: 'go',
      llm: null,
      confirmation_policy: null,
      network_access: false,
      schedule: null,
      webhook: false,
      run_missed: false,
      enabled: true,
    };
    const capped = await bed.service.create({ ...definition, name: 'Capped', budget: 0.75 });
    await bed.service.runNow(capped.id);
    expect(bed.runtime.created[0]).toMatchObject({ max_budget_per_automation_run: 0.75 });
    const open = await bed.service.create({ ...definition, name: 'Open', budget: 0.5 });
    expect((await bed.service.update(open.id, { budget: null })).budget).toBeNull();
    await bed.service.runNow(open.id);
    // Absent, so the runtime applies the settings' default automation budget.
    expect(bed.runtime.created[1]).toBeDefined();
    expect(bed.runtime.created[1]).not.toHaveProperty('max_budget_per_automation_run');
  });
});
