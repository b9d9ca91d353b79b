import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockLLM, startMockLLM } from '../../scripts/mock-llm/mock-llm-server';
import { startTestWorkbench, type TestWorkbench } from './testing/start-test-workbench';
import { waitUntilProcessGone } from './testing/process-gone';

// The real launcher with its three parts (ingress, runtime, automation service) and the mock LLM:
// every request goes through the ingress, as a browser's or a CI system's would.
let workbench: TestWorkbench;
let mockLlm: MockLLM;
/** A front end on another origin (the Agent Canvas) the person allowed with --allow-origin. */
const ALLOWED_FRONT_END = 'http://127.0.0.1:5999';

beforeAll(async () => {
  mockLlm = await startMockLLM();
  workbench = await startTestWorkbench({
    env: { LLM_PROVIDER: 'openai-compatible', LLM_BASE_URL: mockLlm.url, LLM_MODEL: 'mock-model' },
    args: ['--allow-origin', ALLOWED_FRONT_END],
  });
}, 60_000);
afterAll(async () => {
  await workbench?.cleanup();
  await mockLlm?.close();
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${workbench.url}${path}`, {
    method,
    headers: {
      'X-Session-API-Key': workbench.sessionKey,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

async function createAutomation(fields: Record<string, unknown>) {
  const created = await call('POST', '/api/automation/automations', {
    workspace: workbench.workspace,
    ...fields,
  });
  expect(created.status).toBe(201);
  return created.json as { id: string; webhook_url: string | null; next_run_at: string | null };
}

async function waitForStatus(
  conversationId: string,
  statuses: string[],
  timeoutMs = 20_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let status = '';
  while (Date.now() < deadline) {
    status = (await call('GET', `/api/conversations/${conversationId}`)).json?.execution_status;
    if (statuses.includes(status)) return status;
    await sleep(100);
  }
  throw new Error(`conversation ${conversationId} stayed ${status}`);
}

async function waitForRuns(automationId: string, count: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const runs = (await call('GET', `/api/automation/automations/${automationId}/runs`)).json.items;
    if (runs.length >= count && runs.every((run: { status: string }) => run.status !== 'pending'))
      return runs;
    await sleep(200);
  }
  throw new Error(`automation ${automationId} did not reach ${count} runs`);
}

describe('automations through the real launcher', () => {
  it('takes changes from an --allow-origin front end, and from no other origin', async () => {
    const create = (origin: string) =>
      fetch(`${workbench.url}/api/automation/automations`, {
        method: 'POST',
        headers: {
          'X-Session-API-Key': workbench.sessionKey,
          'Content-Type': 'application/json',
          Origin: origin,
        },
        body: JSON.stringify({ workspace: workbench.workspace, name: 'from the canvas', message: 'hello' }),
      });
    const allowed = await create(ALLOWED_FRONT_END);
    const body = await allowed.text();
    expect(allowed.status, body).toBe(201);
    const other = await create('http://127.0.0.1:5998');
    expect(other.status).toBe(403);
    const { id } = JSON.parse(body) as { id: string };
    expect((await call('DELETE', `/api/automation/automations/${id}`)).status).toBe(204);
  });

  it('a webhook call with its token starts a tagged conversation whose first message carries the payload', async () => {
    mockLlm.setScript({
      turns: [{ tool_calls: [{ name: 'finish', arguments: { message: 'Looked at it.' } }] }],
      fallback: { text: 'Done.' },
    });
    const automation = await createAutomation({
      name: 'CI failed',
      message: 'CI failed on {{payload.branch}}: look at the log',
      webhook: true,
    });
    const refused = await fetch(`${workbench.url}/api/automation/hooks/${automation.id}`, { method: 'POST' });
    expect(refused.status).toBe(401);

    // No session key: the webhook's token is all a CI system has.
    const hook = await fetch(`${workbench.url}${automation.webhook_url}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ branch: 'release-2' }),
    });
    expect(hook.status).toBe(202);
    const run = (await hook.json()) as { status: string; conversation_id: string };
    expect(run.status).toBe('started');

    const conversation = await call('GET', `/api/conversations/${run.conversation_id}`);
    expect(conversation.json.tag_list).toEqual(['automation', `automation:${automation.id}`]);
    expect(conversation.json.tags).toEqual({ automation: automation.id });
    expect(await waitForStatus(run.conversation_id, ['finished'])).toBe('finished');
    const asked = JSON.stringify(mockLlm.requests().at(-1)?.body);
    // The payload reaches the model fenced as the webhook caller's data, not as the person's words.
    expect(asked).toContain(
      'CI failed on <webhook_payload field=\\"payload.branch\\" trust=\\"untrusted\\">\\nrelease-2\\n</webhook_payload>: look at the log',
    );
    const tagged = await call('GET', `/api/conversations/search?tag=automation:${automation.id}`);
    expect(tagged.json.items.map((item: { id: string }) => item.id)).toEqual([run.conversation_id]);
  });

  it('skips a run while the previous one is still going, and records why', async () => {
    mockLlm.setScript({
      turns: [{ tool_calls: [{ name: 'finish', arguments: { message: 'Slow.' } }], delay_ms: 4_000 }],
      fallback: { text: 'Done.' },
    });
    const automation = await createAutomation({ name: 'Nightly', message: 'summarise the day' });
    const first = await call('POST', `/api/automation/automations/${automation.id}/run`);
    expect(first.json).toMatchObject({ status: 'started', trigger: 'manual' });
    const second = await call('POST', `/api/automation/automations/${automation.id}/run`);
    expect(second.json).toMatchObject({
      status: 'skipped',
      reason: expect.stringContaining('still running'),
    });
    await waitForStatus(first.json.conversation_id, ['finished']);
  });

  it('a run that needs an approval waits for a person, and the next run is skipped meanwhile', async () => {
    const command = { command: 'touch approved.txt', summary: 'Create a file', security_risk: 'HIGH' };
    mockLlm.setScript({
      turns: [{ tool_calls: [{ name: 'terminal', arguments: command }] }],
      fallback: { text: 'Done.' },
    });
    const automation = await createAutomation({
      name: 'Careful',
      message: 'create a file',
      confirmation_policy: { kind: 'AlwaysConfirm' },
    });
    const first = await call('POST', `/api/automation/automations/${automation.id}/run`);
    expect(await waitForStatus(first.json.conversation_id, ['waiting_for_confirmation'])).toBe(
      'waiting_for_confirmation',
    );
    // The sidebar's "waiting for you" list is the runtime's own: the automation's conversation is in it.
    const waiting = await call('GET', '/api/conversations/search?status=waiting_for_confirmation');
    expect(waiting.json.items.map((item: { id: string }) => item.id)).toContain(first.json.conversation_id);
    const second = await call('POST', `/api/automation/automations/${automation.id}/run`);
    expect(second.json).toMatchObject({
      status: 'skipped',
      reason: expect.stringContaining('waiting for an approval'),
    });
    await call('POST', `/api/conversations/${first.json.conversation_id}/pause`);
  });

  it('runs a schedule when it comes due', async () => {
    mockLlm.setScript({ turns: [], fallback: { text: 'Done.' } });
    // Cron counts in minutes: the next minute starts at most 60 s from now.
    const automation = await createAutomation({
      name: 'Every minute',
      message: 'tick',
      schedule: { cron: '* * * * *', timezone: 'Europe/Berlin' },
    });
    const dueInMs = Date.parse(automation.next_run_at ?? '') - Date.now();
    expect(dueInMs).toBeLessThanOrEqual(60_000);
    const [run] = await waitForRuns(automation.id, 1, dueInMs + 15_000);
    expect(run).toMatchObject({
      trigger: 'schedule',
      status: 'started',
      scheduled_for: automation.next_run_at,
    });
    await call('PATCH', `/api/automation/automations/${automation.id}`, { enabled: false });
  }, 90_000);

  it('the automation service killed is restarted by the launcher, with its automations and history kept', async () => {
    const automation = await createAutomation({ name: 'Survivor', message: 'still here' });
    const pid = workbench.automationPid();
    expect(pid).toBeDefined();
    process.kill(pid ?? 0, 'SIGKILL');
    expect(await waitUntilProcessGone(pid ?? 0, 5_000)).toBe(true);
    await expect
      .poll(
        () =>
          workbench.launcher.stderrLines.some((line) =>
            line.includes('the automation service is running again'),
          ),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    expect(workbench.automationPid()).not.toBe(pid);
    const listed = await call('GET', '/api/automation/automations');
    expect(listed.json.items.map((item: { name: string }) => item.name)).toContain('Survivor');
    mockLlm.setScript({ turns: [], fallback: { text: 'Done.' } });
    const run = await call('POST', `/api/automation/automations/${automation.id}/run`);
    expect(run.json).toMatchObject({ status: 'started' });
  });

  it('a run due while the runtime is down is retried until the restarted runtime takes it', async () => {
    const automation = await createAutomation({ name: 'Patient', message: 'wait for it' });
    const pid = workbench.runtimePid();
    process.kill(pid ?? 0, 'SIGKILL');
    await waitUntilProcessGone(pid ?? 0, 5_000);
    // This client's kept-alive connections that the ingress handed to the runtime closed with it: let
    // it read that before its next request (a browser resends a request on a reused connection the
    // server closed; Node's fetch does not resend a POST).
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The launcher waits before restarting, so the first attempt meets a closed port and is retried.
    const run = await call('POST', `/api/automation/automations/${automation.id}/run`);
    expect(run.json).toMatchObject({ status: 'started' });
    expect(workbench.launcher.stderrLines.some((line) => line.includes('the runtime is running again'))).toBe(
      true,
    );
  }, 40_000);

  it('refuses an invalid cron expression and an unknown workspace with a clear 422', async () => {
    const badCron = await call('POST', '/api/automation/automations', {
      name: 'x',
      workspace: workbench.workspace,
      message: 'y',
      schedule: { cron: '0 9 * * 8', timezone: 'Europe/Berlin' },
    });
    expect(badCron.status).toBe(422);
    expect(badCron.json).toMatchObject({ code: 'invalid_schedule', field: 'schedule.cron' });
    const badFolder = await call('POST', '/api/automation/automations', {
      name: 'x',
      workspace: `${workbench.workspace}/missing`,
      message: 'y',
    });
    expect(badFolder.json).toMatchObject({ code: 'invalid_workspace' });
  });
});
