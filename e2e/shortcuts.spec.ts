import { expect, test } from './fixtures/workbench';
import { expectStatus, SCREENSHOTS, startConversation } from './ui-support';

/** Esc stops the agent when nothing else has it; `?` shows the shortcut sheet. */

test('Esc stops a running agent, but not while the composer holds text', async ({ page, workbench }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  workbench.mockLlm.setScript({ turns: [{ fail: 'hang' }], fallback: { text: 'Back again.' } });
  await startConversation(page, workbench, 'Think forever');
  await expectStatus(page, 'running');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeEnabled();

  // Text in the composer: Esc is the writer's, the agent keeps running.
  const composer = page.getByLabel('Message');
  await composer.fill('a thought in progress');
  await composer.press('Escape');
  await page.waitForTimeout(500);
  await expectStatus(page, 'running', 1_000);

  // An empty composer: Esc stops.
  await composer.fill('');
  await composer.press('Escape');
  await expectStatus(page, 'paused', 15_000);
  await expect(page.getByTestId('transcript-marker').filter({ hasText: 'Stopped' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeEnabled();
});

test('Esc closes an open dialog first and does not stop the agent', async ({ page, workbench }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  workbench.mockLlm.setScript({ turns: [{ fail: 'hang' }], fallback: { text: 'Back again.' } });
  await startConversation(page, workbench, 'Think forever, again');
  await expectStatus(page, 'running');
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog');
  await expect(settings).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toHaveCount(0);
  await page.waitForTimeout(500);
  await expectStatus(page, 'running', 1_000);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expectStatus(page, 'paused', 5_000);
});

test('? opens the shortcut sheet, outside text boxes only; Esc closes it', async ({ page, workbench }) => {
  await page.goto(workbench.url);
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  // Typed into the task box, ? is just a character.
  await page.getByLabel('Task').press('?');
  await expect(page.getByLabel('Task')).toHaveValue('?');
  await expect(sheet).toHaveCount(0);

  await page.getByLabel('Task').blur();
  await page.keyboard.press('?');
  await expect(sheet).toBeVisible();
  for (const does of ['Search all conversations', 'Send the message', 'New line', 'Stop the agent']) {
    await expect(sheet).toContainText(does);
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}shortcuts-sheet.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}shortcuts-sheet-narrow.png` });
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
});
