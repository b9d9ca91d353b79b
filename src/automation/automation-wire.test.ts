import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AutomationErrorSchema,
  AutomationListSchema,
  AutomationRunListSchema,
  AutomationRunSchema,
  AutomationSchema,
  SchedulePreviewSchema,
} from './automation-wire';
import { createAutomationClient } from '../client/create-automation-client';
import { buildAutomationServer } from './build-automation-server';
import { type AutomationTestBed, createAutomationTestBed } from './testing/automation-test-bed';
import { DEFAULT_WEBHOOK_LIMIT } from './webhook-rate-limit';

// The UI's client against the real service over HTTP: every answer must parse with the wire schemas
// the UI's types come from, so the two cannot drift apart unnoticed.
let bed: AutomationTestBed;
let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
  await bed?.close();
});

describe('the automation client and the service agree on the wire', () => {
  it('every answer parses with src/automation/automation-wire', async () => {
    bed = createAutomationTestBed();
    // Port 0 here and in listen(): a real connection is held to the port it arrived on.
    app = await buildAutomationServer({
      service: bed.service,
      sessionKey: 'key',
      port: 0,
      allowedOrigins: new Set(),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const client = createAutomationClient({ baseUrl: `http://127.0.0.1:${port}`, sessionKey: 'key' });

    const created = await client.create({
      name: 'Nightly',
      workspace: bed.workspace,
      message: 'summarise the day',
      schedule: { cron: '0 22 * * *', timezone: 'Europe/Berlin' },
      webhook: true,
      confirmation_policy: { kind: 'ConfirmRisky', threshold: 'HIGH', confirm_unknown: true },
      llm: { provider: 'openai', model: 'gpt-x' },
    });
    const automation = AutomationSchema.parse(created.data);
    AutomationRunSchema.parse((await client.runNow(automation.id)).data);
    expect(AutomationSchema.parse((await client.get(automation.id)).data).last_run?.status).toBe('started');
    // A flood past the webhook's limit: 429 in the error shape, and one rate_limited run counting the refusals.
    const hook = `http://127.0.0.1:${port}${automation.webhook_url}`;
    const calls = [];
    for (let index = 0; index < DEFAULT_WEBHOOK_LIMIT.burst + 2; index++)
      calls.push(await fetch(hook, { method: 'POST' }));
    const limited = calls.at(-1);
    expect(limited?.status).toBe(429);
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(AutomationErrorSchema.parse(await limited?.json())).toMatchObject({ code: 'rate_limited' });
    const history = AutomationRunListSchema.parse((await client.runs(automation.id)).data);
    expect(history.items[0]).toMatchObject({ status: 'rate_limited', refused_calls: 2 });
    AutomationSchema.parse((await client.update(automation.id, { enabled: false })).data);
    AutomationListSchema.parse((await client.list()).data);
    AutomationRunListSchema.parse((await client.runs(automation.id)).data);
    SchedulePreviewSchema.parse((await client.preview({ cron: '0 9 * * 1-5', timezone: 'UTC' })).data);

    const refused = await client.preview({ cron: 'nope', timezone: 'UTC' });
    expect(refused.response.status).toBe(422);
    expect(AutomationErrorSchema.parse(refused.error)).toMatchObject({
      code: 'invalid_schedule',
      field: 'schedule.cron',
    });
    const invalid = await client.create({ name: '', workspace: bed.workspace, message: 'x' });
    expect(AutomationErrorSchema.parse(invalid.error).detail).toEqual([
      expect.objectContaining({ loc: ['body', 'name'] }),
    ]);
    expect((await client.remove(automation.id)).response.status).toBe(204);
  });
});
