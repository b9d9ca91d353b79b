import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestWorkbench } from '../src/cli/testing/start-test-workbench';
import { expect, test } from './fixtures/workbench';
import { openRowMenu, registerLightDesktopPage, rest, row, title } from './history-support';

// A rename through the history list, kept across a restart of its own launcher (history.spec.ts has the rest).

registerLightDesktopPage();

test('a rename made inline survives a restart of the launcher', async ({ page }) => {
  test.setTimeout(120_000);
  const root = await mkdtemp(join(tmpdir(), 'history-restart-'));
  const dataDir = join(root, 'data');
  const sessionKey = 'a'.repeat(64);
  const start = () =>
    startTestWorkbench({
      // A configured model keeps the first-run settings dialog away; nothing here runs the agent.
      env: {
        AGENT_WORKBENCH_SESSION_KEY: sessionKey,
        LLM_PROVIDER: 'openai-compatible',
        LLM_BASE_URL: 'http://127.0.0.1:9/v1',
        LLM_MODEL: 'mock-model',
      },
      args: ['--data-dir', dataDir],
    });
  let running = await start();
  try {
    await rest({ url: running.url, sessionKey }).create(1, 'Please set up the linter.');
    // Its own launcher with its own key: log in through the printed one-time URL.
    await page.goto(running.loginUrl);
    const menu = await openRowMenu(page, title(1));
    await menu.getByRole('menuitem', { name: 'Rename' }).click();
    const input = page.getByRole('textbox', { name: 'Conversation title' });
    await expect(input).toBeFocused();
    await input.fill('Linter setup, renamed');
    await input.press('Enter');
    await expect(row(page, 'Linter setup, renamed')).toBeVisible();

    // Esc cancels a rename.
    const again = await openRowMenu(page, 'Linter setup, renamed');
    await again.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Conversation title' }).fill('Not this');
    await page.getByRole('textbox', { name: 'Conversation title' }).press('Escape');
    await expect(row(page, 'Linter setup, renamed')).toBeVisible();

    await running.cleanup();
    running = await start();
    await page.goto(running.loginUrl);
    await expect(row(page, 'Linter setup, renamed')).toBeVisible();
  } finally {
    await running.cleanup();
    await rm(root, { recursive: true, force: true });
  }
});
