import { expect, test } from '@playwright/test';
import { type MockLLM, startMockLLM } from '../scripts/mock-llm/mock-llm-server';
import { startTestWorkbench, type TestWorkbench } from '../src/cli/testing/start-test-workbench';
import { expectStatus, finish, SCREENSHOTS, script } from './ui-support';

// --public on loopback: no one-time login URL is printed, so the SPA asks for the key.
const SESSION_KEY = 'public-mode-key-0123456789abcdef0123456789abcdef';
let mockLlm: MockLLM;
let workbench: TestWorkbench;
test.beforeAll(async () => {
  mockLlm = await startMockLLM();
  workbench = await startTestWorkbench({
    env: {
      AGENT_WORKBENCH_SESSION_KEY: SESSION_KEY,
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: mockLlm.url,
      LLM_MODEL: 'mock-model',
    },
    args: ['--public', '--host', '127.0.0.1'],
  });
});
test.afterAll(async () => {
  await workbench?.cleanup();
  await mockLlm?.close();
});

test('public mode asks for the session key, refuses a wrong one plainly and opens with the right one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The page itself carries no key, and the printed URL no token.
  const html = await (await fetch(workbench.url)).text();
  expect(html).not.toContain(SESSION_KEY);
  expect(workbench.loginUrl).toBe(workbench.url);
  expect(workbench.launcher.stdoutLines[1]).toMatch(/enter the session key/);

  await page.goto(workbench.url);
  const keyScreen = page.getByRole('heading', { name: 'Enter the session key' });
  await expect(keyScreen).toBeVisible();
  const keyField = page.getByLabel('Session key');
  await expect(keyField).toBeFocused();
  await expect(keyField).toHaveAttribute('type', 'password');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect(page.getByLabel('Task')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}public-session-key.png` });

  await keyField.fill('not-the-key');
  await keyField.press('Enter');
  const refusal = page.getByRole('alert');
  await expect(refusal).toHaveText('The runtime did not accept that key.');
  await expect(keyScreen).toBeVisible();
  await expect(keyField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Task')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}public-session-key-refused.png` });

  await keyField.fill(SESSION_KEY);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Task')).toBeVisible();
  await expect(keyScreen).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();

  // The typed key works for the live socket too: a task runs to the end.
  mockLlm.setScript(script(finish('Hello from behind the key.')));
  await page.getByLabel('Task').fill('Say hello');
  await page.getByLabel('Task').press('Enter');
  await page.waitForURL(/\/conversations\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Hello from behind the key.')).toBeVisible({ timeout: 20_000 });
  await expectStatus(page, 'finished');

  // Kept in this browser's cookie: a reload does not ask again.
  await page.reload();
  await expect(page.getByText('Hello from behind the key.')).toBeVisible();
  await expect(keyScreen).toHaveCount(0);
});

test('another browser asks for the key again (the cookie is per browser)', async ({ page }) => {
  await page.goto(workbench.url);
  await expect(page.getByRole('heading', { name: 'Enter the session key' })).toBeVisible();
});
