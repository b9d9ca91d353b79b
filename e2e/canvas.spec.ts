import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type CanvasStack, startCanvasStack } from './fixtures/canvas-stack';
import { SCREENSHOTS, script, terminal } from './ui-support';

/**
 * The published OpenHands Agent Canvas (npm, 1.16.0) in Chromium against `agent-workbench
 * agent-server` and the mock model, used as a person would. The install step runs first and fails
 * with its hint when the Canvas cannot be installed; it never skips.
 */
test.describe.configure({ mode: 'serial' });

let stack: CanvasStack;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startCanvasStack();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
test.afterAll(async () => {
  await stack?.close();
});

/** Only loopback: the Canvas's analytics, fonts and update checks never leave the machine. */
async function blockTheInternet(page: Page): Promise<void> {
  await page.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    return host === '127.0.0.1' || host === 'localhost' ? route.continue() : route.abort();
  });
}

function shot(page: Page, name: string) {
  return page.screenshot({ path: join(SCREENSHOTS, `canvas-${name}.png`) });
}

test('consent, onboarding with the mock model, a conversation from the home screen with a reply, a follow-up command and its output', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await blockTheInternet(page);
  stack.mockLlm.setScript(
    script({ text: 'Hello from the mock model.' }, terminal('echo canvas-follow-up-$((6*7))'), {
      text: 'The command printed its number.',
    }),
  );

  await page.goto(stack.url);
  await page.getByRole('button', { name: 'Confirm preferences' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Advanced', { exact: true }).click();
  await page.getByTestId('llm-custom-model-input').fill('mock');
  await page.getByTestId('base-url-input').fill(stack.mockLlm.url);
  await page.getByTestId('llm-api-key-input').fill('sk-mock');
  await shot(page, 'onboarding-llm');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('onboarding-hello-input')).toBeVisible();
  await page.getByText('Skip for now').click();

  const launcher = page.getByTestId('home-chat-launcher');
  await launcher.getByTestId('chat-input').fill('Say hello');
  await shot(page, 'home');
  await launcher.getByTestId('chat-input').press('Enter');
  await expect(page.getByText('Hello from the mock model.')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/conversations\/[0-9a-f-]+/);
  await shot(page, 'first-reply');

  const input = page.getByTestId('chat-input');
  await input.fill('Run the echo command');
  await input.press('Enter');
  await expect(page.getByText('The command printed its number.')).toBeVisible({ timeout: 30_000 });
  // The command's step is folded: open it, as a person would, to read what it printed.
  await expect(page.getByText('Run echo canvas-follow-up-$((6*7))')).toBeVisible();
  await page.getByRole('button', { name: 'Expand' }).click();
  await expect(page.getByText(/canvas-follow-up-42/).first()).toBeVisible();
  await shot(page, 'follow-up');

  // The folder the Canvas named was made under the agent server's home, not anywhere else.
  const id = new URL(page.url()).pathname.split('/').at(-1)?.replaceAll('-', '') ?? '';
  expect(existsSync(join(stack.home, 'workspace', 'project', id))).toBe(true);

  await page.reload();
  await expect(page.getByText('Say hello').first()).toBeVisible();
  await expect(page.getByText('Hello from the mock model.')).toBeVisible({ timeout: 20_000 });
  await shot(page, 'after-reload');
});
