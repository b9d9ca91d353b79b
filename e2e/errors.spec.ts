import { freePort } from '../src/cli/testing/free-port';
import { startTestWorkbench } from '../src/cli/testing/start-test-workbench';
import { expect, test } from './fixtures/workbench';
import { api, expectStatus, SCREENSHOTS, startConversation } from './ui-support';

test('a refused API key stops the run with a banner that says what to do and opens the settings', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  workbench.mockLlm.setScript({ turns: [{ fail: 'auth' }] });
  await startConversation(page, workbench, 'Summarise the README');

  await expectStatus(page, 'error');
  const banner = page.getByTestId('conversation-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('role', 'alert');
  await expect(banner).toContainText(/api key/i);
  await expect(banner).toContainText(/settings/i);
  // What to do is said once, not the runtime's advice wrapped in a second copy of itself.
  expect(
    ((await banner.locator('.conversation-banner__text').textContent()) ?? '').match(/Settings/g),
  ).toHaveLength(1);
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Resume' })).toBeEnabled();
  // Said once: the banner in full, the transcript a compact line whose detail opens on demand.
  const line = page.getByTestId('conversation-error');
  await expect(line).toBeVisible();
  await expect(line).toContainText('The model rejected the API key');
  await expect(page.getByText(/rejected the API key \(401\)/).filter({ visible: true })).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}error-banner.png` });
  await line.getByText('The model rejected the API key').click();
  await expect(line.getByText(/rejected the API key \(401\)/)).toBeVisible();
  await line.getByText('The model rejected the API key').click();

  await banner.getByRole('button', { name: 'Open settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  // The dialog says why it opened, and is ready to change the model's settings.
  await expect(settings).toContainText('The last run stopped');
  await expect(settings.getByLabel('API key')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}error-settings.png` });
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(banner).toBeVisible();

  // The banner is part of the conversation's state: it is there again after a reload.
  await page.reload();
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Open settings' })).toBeVisible();
});

test('while an unreachable model is retried, the reply says so with a countdown instead of "writing"', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const closedPort = await freePort();
  const { id } = (await api(workbench).post('/api/conversations', {
    llm: {
      provider: 'openai-compatible',
      model: 'gone-model',
      base_url: `http://127.0.0.1:${closedPort}/v1`,
    },
    initial_message: { role: 'user', content: [{ type: 'text', text: 'Anyone there?' }], run: true },
  })) as { id: string };
  await page.goto(`${workbench.url}/conversations/${id}`);

  const retrying = page.getByTestId('model-retrying');
  await expect(retrying).toBeVisible({ timeout: 10_000 });
  await expect(retrying).toHaveText(/^Can’t reach the model — retrying (in \d+ s|now) \(attempt [2-5]\)$/);
  await expect(page.getByText('The agent is writing…')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}error-retrying.png` });

  // The retries run out: the run stops on one error, said in full once (the banner).
  await expectStatus(page, 'error', 30_000);
  await expect(retrying).toHaveCount(0);
  await expect(page.getByTestId('conversation-banner')).toContainText('Nothing is listening');
  await expect(page.getByText(/Nothing is listening/).filter({ visible: true })).toHaveCount(1);
});

test('"no model is set up" stops a run with a way to the settings', async ({ browser }) => {
  const bare = await startTestWorkbench({
    env: { LLM_PROVIDER: '', LLM_MODEL: '', LLM_BASE_URL: '', LLM_API_KEY: '' },
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(bare.loginUrl);
    const settings = page.getByRole('dialog', { name: 'Settings' });
    // First run opens the settings by itself; the person closes them and starts anyway.
    await expect(settings).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await page.getByLabel('Task').fill('Do something');
    await page.getByLabel('Task').press('Enter');
    await page.waitForURL(/\/conversations\/[0-9a-f-]{36}$/);

    await expectStatus(page, 'error');
    const banner = page.getByTestId('conversation-banner');
    await expect(banner).toContainText('No model is set up');
    await page.screenshot({ path: `${SCREENSHOTS}error-no-model.png` });
    await banner.getByRole('button', { name: 'Open settings' }).click();
    await expect(settings).toBeVisible();
    await expect(settings.getByLabel('Model')).toBeVisible();
  } finally {
    await context.close();
    await bare.cleanup();
  }
});
