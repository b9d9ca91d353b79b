import { expect, type Page, test } from '@playwright/test';
import { blockTheInternet, canvasShot, canvasStackForFile } from './fixtures/canvas-spec-support';
import { script } from './ui-support';

/**
 * The published Agent Canvas's Automate page against our automation service (routed at the Canvas's
 * /api/automation beside `agent-workbench agent-server`): a prompt automation imported from a file,
 * enabled and run; the run appears and its conversation exists in the runtime.
 */
const canvas = canvasStackForFile();
const shot = (page: Page, name: string) => canvasShot(page, 'canvas-automate', name);

async function onboard(page: Page): Promise<void> {
  await page.goto(canvas.stack.url);
  await page.getByRole('button', { name: 'Confirm preferences' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Advanced', { exact: true }).click();
  await page.getByTestId('llm-custom-model-input').fill('mock');
  await page.getByTestId('base-url-input').fill(canvas.stack.mockLlm.url);
  await page.getByTestId('llm-api-key-input').fill('sk-mock');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('onboarding-hello-input')).toBeVisible();
  await page.getByText('Skip for now').click();
}

const AUTOMATION_FILE = {
  version: 1,
  kind: 'automation',
  spec: {
    name: 'Release notes',
    prompt: 'Write the release notes for this week',
    trigger: { type: 'cron', schedule: '0 9 * * 1', timezone: 'UTC' },
    enabled: true,
  },
};

test('the Automate page imports a prompt automation, enables it and runs it; the run`s conversation exists', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await blockTheInternet(page);
  canvas.stack.mockLlm.setScript(script({ text: 'Release notes written.' }));
  await onboard(page);

  await page.goto(`${canvas.stack.url}/automations`);
  await shot(page, 'list-empty');
  await page.getByTestId('automations-add-automation').click();
  await page.getByTestId('automations-import-automation').click();
  await page.getByTestId('automations-import-file').setInputFiles({
    name: 'release-notes.automation.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(AUTOMATION_FILE)),
  });
  await shot(page, 'import-preview');
  await page
    .getByRole('button', { name: /^Import/ })
    .last()
    .click();
  await expect(page.getByText('Release notes').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'imported');

  const listed = await automationsThroughOurApi();
  expect(listed).toHaveLength(1);
  expect(listed[0]).toMatchObject({
    name: 'Release notes',
    schedule: { cron: '0 9 * * 1', timezone: 'UTC' },
  });
  const id = String(listed[0]?.id);

  await page.goto(`${canvas.stack.url}/automations/${id}`);
  await expect(page.getByText('Write the release notes for this week').first()).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'detail');
  // Imported automations arrive disabled: enable it as a person would, then run it now.
  await page.getByRole('switch').first().click();
  await expect
    .poll(async () => (await automationsThroughOurApi())[0]?.enabled, { timeout: 20_000 })
    .toBe(true);
  await page
    .getByRole('button', { name: /Run now/i })
    .first()
    .click();
  const conversationId = await expect
    .poll(async () => (await runsThroughOurApi(id))[0]?.conversation_id ?? null, { timeout: 60_000 })
    .not.toBeNull()
    .then(async () => String((await runsThroughOurApi(id))[0]?.conversation_id));
  await page.reload();
  await expect(page.getByTestId(/run/).first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'run');

  const conversation = await fetch(`${canvas.stack.agentServer.url}/api/conversations/${conversationId}`, {
    headers: { 'X-Session-API-Key': canvas.stack.agentServer.sessionKey },
  });
  expect(conversation.status).toBe(200);
  expect(await conversation.json()).toMatchObject({ title: 'Release notes' });
});

async function automationsThroughOurApi(): Promise<Record<string, unknown>[]> {
  const answer = await fetch(`${canvas.stack.automations?.url}/api/automation/automations`, {
    headers: { 'X-Session-API-Key': canvas.stack.agentServer.sessionKey },
  });
  return ((await answer.json()) as { items: Record<string, unknown>[] }).items;
}

async function runsThroughOurApi(id: string): Promise<{ conversation_id: string | null; status: string }[]> {
  const answer = await fetch(`${canvas.stack.automations?.url}/api/automation/automations/${id}/runs`, {
    headers: { 'X-Session-API-Key': canvas.stack.agentServer.sessionKey },
  });
  return ((await answer.json()) as { items: { conversation_id: string | null; status: string }[] }).items;
}
