import { expect, test } from './fixtures/workbench';
import { expectStatus, SCREENSHOTS, startConversation } from './ui-support';

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
  await page.screenshot({ path: `${SCREENSHOTS}error-banner.png` });

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
