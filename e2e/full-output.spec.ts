import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, startConversation, terminal } from './ui-support';

/** A terminal output cut for the model (over 30,000 characters) opens whole from its card. */
test('a cut terminal output links to its saved full text, which opens in a viewer', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // 20,000 numbered lines: about 109,000 characters, well past the terminal tool's 30,000-character cut.
  workbench.mockLlm.setScript(
    script(
      terminal('seq 1 20000; echo full-output-last-line', { summary: 'Print a long listing' }),
      finish('Printed it.'),
    ),
  );
  await startConversation(page, workbench, 'Print a long listing');
  await expectStatus(page, 'finished', 30_000);

  const card = page.locator('[data-action-kind="TerminalAction"]');
  const output = card.locator('.terminal__output');
  // What the model saw: the start and the end, the middle cut out.
  await expect(output).toContainText('cut from the middle');
  await expect(output).not.toContainText('\n10000\n');
  const link = card.getByTestId('full-output-link');
  await expect(link).toHaveText(/^Show full output \([\d,]+ lines cut\)$/);

  await card.screenshot({ path: `${SCREENSHOTS}full-output-link.png` });

  await link.click();
  const dialog = page.getByRole('dialog', { name: 'Full output' });
  await expect(dialog).toBeVisible();
  const text = dialog.getByTestId('full-output-content');
  await expect(text).toContainText('full-output-last-line');
  // The middle the card left out is there, and the cut note is not.
  await expect(text).toContainText('\n10000\n');
  await expect(text).not.toContainText('cut from the middle');
  await expect(dialog).toContainText('$ seq 1 20000');
  await page.screenshot({ path: `${SCREENSHOTS}full-output-dialog.png` });

  await dialog.getByTestId('full-output-copy').click();
  await expect(dialog).toContainText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith('1\n2\n3\n')).toBe(true);
  expect(copied.trimEnd().endsWith('full-output-last-line')).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
});
