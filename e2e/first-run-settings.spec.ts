import { expect, test } from '@playwright/test';
import { type MockLLM, startMockLLM } from '../scripts/mock-llm/mock-llm-server';
import { startTestWorkbench, type TestWorkbench } from '../src/cli/testing/start-test-workbench';
import { SCREENSHOTS } from './ui-support';

// A workbench with no model configured (the shared fixture configures one through env variables).
let mockLlm: MockLLM;
let workbench: TestWorkbench;
test.beforeAll(async () => {
  mockLlm = await startMockLLM();
  workbench = await startTestWorkbench({
    env: { LLM_PROVIDER: '', LLM_MODEL: '', LLM_BASE_URL: '', LLM_API_KEY: '' },
  });
});
test.afterAll(async () => {
  await workbench?.cleanup();
  await mockLlm?.close();
});

test('first run: settings open by themselves; a failing then a working connection test; saved for later', async ({
  page,
}) => {
  mockLlm.setScript({ turns: [{ fail: 'auth' }], fallback: { text: 'Hello from the model.' } });
  // Its own launcher: log in the way a person does, through the printed one-time URL.
  await page.goto(workbench.loginUrl);

  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Welcome');
  await dialog.getByLabel('Provider').selectOption('openai-compatible');
  await dialog.getByLabel('Model').fill('mock-model');
  await dialog.getByLabel('Base URL').fill(mockLlm.url);
  await dialog.getByLabel('API key').fill('sk-test-key');

  const result = dialog.getByTestId('connection-test-result');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText('Connection failed', { timeout: 20_000 });
  await expect(result).not.toContainText('sk-test-key');

  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText('Connected', { timeout: 20_000 });
  await expect(result).toContainText('ms');
  await page.screenshot({ path: `${SCREENSHOTS}first-run-settings.png` });

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Configured now: no dialog on the next visit, and the header still reaches the settings.
  await page.reload();
  await expect(page.getByLabel('Task')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(dialog.getByLabel('Model')).toHaveValue('mock-model');
  await expect(dialog.getByLabel('API key')).toHaveValue('');
  await expect(dialog.getByLabel('API key')).toHaveAttribute('placeholder', /saved/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // And the saved model is the one a conversation uses.
  await page.getByLabel('Task').fill('Say hello');
  await page.getByLabel('Task').press('Enter');
  await expect(page.getByText('Hello from the model.')).toBeVisible({ timeout: 20_000 });
});
