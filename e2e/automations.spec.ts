import type { RecordedRequest } from '../scripts/mock-llm/mock-llm-server';
import { checkScreen } from './accessibility';
import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, script, terminal } from './ui-support';

/** Automations: made in the UI, run by hand, and their conversation opened from the run history. */

test('create an automation with a previewed schedule, run it now and open its conversation', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(script(finish('Dependencies are up to date.')));
  await page.goto(`${workbench.url}/`);
  await page.getByRole('link', { name: 'Automations' }).click();
  await expect(page).toHaveURL(/\/automations$/);
  await expect(page.getByText('No automations yet.')).toBeVisible();

  await page.getByRole('link', { name: 'New automation' }).click();
  const form = page.getByRole('form', { name: 'New automation' });
  await form.getByLabel('Name').fill('Weekday dependencies');
  await expect(form.getByLabel('Workspace')).toHaveValue(workbench.workspace);
  await form.getByLabel('First message').fill('Update the dependencies and open a branch');
  await form.getByLabel('Time zone').fill('Europe/Berlin');
  await expect(page.getByTestId('schedule-preview')).toContainText(
    'Runs every weekday at 09:00, Europe/Berlin',
  );

  // A mistake is explained as it is typed, and refused with the reason on save.
  await form.getByLabel('Cron expression').fill('0 9 * * 9');
  await expect(page.getByTestId('schedule-preview')).toContainText('Invalid cron expression');
  await form.getByRole('button', { name: 'Create automation' }).click();
  await expect(form.getByRole('alert')).toContainText('Invalid cron expression');
  await form.getByLabel('Cron expression').fill('0 9 * * 1-5');
  await form.getByRole('button', { name: 'Create automation' }).click();

  await expect(page).toHaveURL(/\/automations\/[0-9a-f-]{36}$/);
  const list = page.getByTestId('automation-list');
  await expect(list).toContainText('Weekday dependencies');
  await expect(list).toContainText('Runs every weekday at 09:00, Europe/Berlin');
  await expect(list).toContainText('Next run:');

  // Edited in place: the list follows.
  const edit = page.getByRole('form', { name: 'Edit automation' });
  await edit.getByLabel('Name').fill('Weekday dependencies (edited)');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByRole('status')).toHaveText('Saved');
  await expect(list).toContainText('Weekday dependencies (edited)');

  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Run now' })).toContainText('Run now · Started');
  await expect(page.getByTestId('automation-last-result')).toContainText('Run now · Started');
  const runs = page.getByTestId('automation-runs');
  await expect(runs.getByRole('link', { name: 'Open conversation' })).toBeVisible();
  // The history says where its conversation is now, from the runtime.
  await expect(runs).toContainText('Finished');
  // The page with a saved automation and its history meets WCAG A/AA at both widths (photographed too).
  await checkScreen(page, 'automation-detail');
  await page.setViewportSize({ width: 1400, height: 900 });
  await runs.getByRole('link', { name: 'Open conversation' }).click();

  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Update the dependencies and open a branch')).toBeVisible();
  await expect(page.getByText('Dependencies are up to date.')).toBeVisible();
  await expectStatus(page, 'finished');
  await expect(
    page.getByTestId('conversation-list').getByRole('link', { name: /Weekday dependencies \(edited\)/ }),
  ).toBeVisible();
});

test('a webhook automation shows its URL to copy, and the URL starts a run', async ({ page, workbench }) => {
  workbench.mockLlm.setScript(script(finish('Looked at the log.')));
  await page.goto(`${workbench.url}/automations/new`);
  const form = page.getByRole('form', { name: 'New automation' });
  // Opened directly, the form may draw before the settings arrive: their folder fills it then.
  await expect(form.getByLabel('Workspace')).toHaveValue(workbench.workspace);
  await form.getByLabel('Name').fill('CI failed');
  await form.getByLabel('First message').fill('CI failed on {{payload.branch}}');
  await form.getByLabel('On a schedule').uncheck();
  await form.getByLabel(/When its webhook is called/).check();
  await form.getByRole('button', { name: 'Create automation' }).click();
  await expect(page).toHaveURL(/\/automations\/[0-9a-f-]{36}$/);

  const url = (await page.getByTestId('webhook-url').textContent()) ?? '';
  expect(url).toMatch(new RegExp(`^${workbench.url}/api/automation/hooks/[0-9a-f-]{36}\\?token=.+`));
  await expect(page.getByRole('button', { name: 'Copy the webhook URL' })).toBeVisible();
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ branch: 'main' }),
  });
  expect(answer.status).toBe(202);
  await expect(page.getByTestId('automation-runs')).toContainText('Webhook · Started');
  await page.getByTestId('automation-runs').getByRole('link', { name: 'Open conversation' }).click();
  // The payload is shown fenced as the webhook caller's data.
  await expect(
    page.getByText(/CI failed on <webhook_payload[^>]*>\s*main\s*<\/webhook_payload>/),
  ).toBeVisible();
  // Finished before the next test scripts the model again: its turn must not go to this run.
  await expectStatus(page, 'finished');
});

test("an automation's own model is picked like a conversation's, shown when edited, and used by its run", async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setModels(['mock-model', 'mock-model-large', 'mock-mini']);
  workbench.mockLlm.setScript(script(finish('Summarised with the large model.')));
  await page.goto(`${workbench.url}/automations/new`);
  const form = page.getByRole('form', { name: 'New automation' });
  // Opened directly, the form may draw before the settings arrive: their folder fills it then.
  await expect(form.getByLabel('Workspace')).toHaveValue(workbench.workspace);
  await form.getByLabel('Name').fill('Large summary');
  await form.getByLabel('First message').fill('Summarise the week, carefully');
  await form.getByLabel('On a schedule').uncheck();
  const model = form.getByRole('button', { name: /^Model / });
  await expect(model).toHaveAccessibleName('Model As in the settings (mock-model)');

  // A name the service cannot take is refused beside the model field.
  await model.click();
  const picker = page.getByRole('dialog', { name: 'Model for this automation' });
  await picker.getByLabel('Model name').fill('m'.repeat(201));
  await picker.getByLabel('Model name').press('Enter');
  await expect(picker).toBeHidden();
  await form.getByRole('button', { name: 'Create automation' }).click();
  await expect(form.getByRole('alert')).toHaveText('A model name is at most 200 characters');

  // The same list as a conversation's picker, from the settings' provider.
  await model.click();
  await expect(picker.getByRole('option')).toHaveText(['mock-mini', 'mock-model', 'mock-model-large']);
  await picker.getByRole('option', { name: 'mock-model-large' }).click();
  await expect(picker).toBeHidden();
  await expect(model).toHaveAccessibleName('Model mock-model-large');
  await form.getByRole('button', { name: 'Create automation' }).click();
  await expect(page).toHaveURL(/\/automations\/[0-9a-f-]{36}$/);

  const edit = page.getByRole('form', { name: 'Edit automation' });
  await expect(edit.getByRole('button', { name: /^Model / })).toHaveAccessibleName('Model mock-model-large');
  await expect(edit.getByRole('button', { name: "Use the settings' model" })).toBeVisible();

  const before = workbench.mockLlm.requests().length;
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByTestId('automation-runs')).toContainText('Run now · Started');
  await expect(page.getByTestId('automation-runs')).toContainText('Finished');
  const runRequests = workbench.mockLlm
    .requests()
    .slice(before)
    .filter((request) => request.path === '/v1/chat/completions' && asks(request, 'Summarise the week'));
  expect(runRequests.length).toBeGreaterThan(0);
  expect(runRequests.map((request) => (request.body as { model?: string }).model)).toEqual(
    runRequests.map(() => 'mock-model-large'),
  );
});

/** Whether a chat request carries this text in one of its messages. */
function asks(request: RecordedRequest, text: string): boolean {
  return JSON.stringify((request.body as { messages?: unknown }).messages ?? []).includes(text);
}

test('a run that needs an approval shows as waiting for you in the sidebar', async ({ page, workbench }) => {
  workbench.mockLlm.setScript(
    script(terminal('touch checked.txt', { summary: 'Create a file', risk: 'HIGH' })),
  );
  await page.goto(`${workbench.url}/automations/new`);
  const form = page.getByRole('form', { name: 'New automation' });
  // Opened directly, the form may draw before the settings arrive: their folder fills it then.
  await expect(form.getByLabel('Workspace')).toHaveValue(workbench.workspace);
  await form.getByLabel('Name').fill('Careful check');
  await form.getByLabel('First message').fill('Create a file, carefully');
  await form.getByLabel('Ask before actions').selectOption({ label: 'Always ask' });
  await form.getByLabel('On a schedule').uncheck();
  await form.getByRole('button', { name: 'Create automation' }).click();
  await expect(page).toHaveURL(/\/automations\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Run now' }).click();
  const row = page.getByTestId('conversation-list').getByRole('link', { name: /Careful check/ });
  await expect(row).toContainText('waiting for you', { timeout: 20_000 });
});
