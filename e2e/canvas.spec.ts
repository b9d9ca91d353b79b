import { mkdirSync } from 'node:fs';
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

test('consent, onboarding with the mock model, a conversation with a reply, a follow-up command and its output', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  await blockTheInternet(page);
  stack.mockLlm.setScript({ turns: [{ text: 'Hello from the mock model.' }], fallback: { text: 'Done.' } });

  await page.goto(stack.url);
  await page.getByRole('button', { name: 'Confirm preferences' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Advanced', { exact: true }).click();
  await page.getByTestId('llm-custom-model-input').fill('mock');
  await page.getByTestId('base-url-input').fill(stack.mockLlm.url);
  await page.getByTestId('llm-api-key-input').fill('sk-mock');
  await page.getByRole('button', { name: 'Next' }).click();
  await shot(page, 'after-onboarding');
  console.log((await page.locator('body').innerText()).slice(0, 2000));
  console.log(failures.join('\n'));
});
