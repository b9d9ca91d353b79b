import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, startConversation, terminal } from './ui-support';

/** Copy buttons on messages, code blocks, commands and outputs. */
test('copy buttons copy a message, a code block, a command and its output', async ({ page, workbench }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  workbench.mockLlm.setScript(
    script(
      terminal('echo copy-me-output', { summary: 'Print a word' }),
      finish('Here it is:\n\n```sh\necho from-a-code-block\n```'),
    ),
  );
  await startConversation(page, workbench, 'Print a word to copy');
  await expectStatus(page, 'finished', 30_000);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  const task = page.getByTestId('message-user').first();
  await task.hover();
  const copyTask = task.getByRole('button', { name: 'Copy text' });
  await expect(copyTask).toBeVisible();
  await copyTask.click();
  await expect(copyTask).toContainText('Copied');
  expect(await clipboard()).toBe('Print a word to copy');
  // The "Copied" feedback goes after a moment.
  await expect(copyTask).not.toContainText('Copied', { timeout: 3000 });

  const card = page.locator('[data-action-kind="TerminalAction"]');
  await card.hover();
  await card.getByRole('button', { name: 'Copy command' }).click();
  expect(await clipboard()).toBe('echo copy-me-output');
  // Keyboard reachable: focus the output's button and press Enter.
  await card.getByRole('button', { name: 'Copy output' }).focus();
  await expect(card.getByRole('button', { name: 'Copy output' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Copy output' })).toContainText('Copied');
  // The output as the card shows it (the runtime's notes around it included), not the command.
  const output = await clipboard();
  expect(output).toMatch(/(^|\n)copy-me-output\n/);
  expect(output).not.toContain('echo copy-me-output');
  await card.screenshot({ path: `${SCREENSHOTS}copy-terminal.png` });

  // A code block's button is always shown.
  const code = page.getByRole('button', { name: 'Copy code' });
  await page.mouse.move(0, 0);
  await expect(code).toBeVisible();
  await code.click();
  expect(await clipboard()).toBe('echo from-a-code-block');
  await page.screenshot({ path: `${SCREENSHOTS}copy-buttons-1400.png` });
});

/** Slash commands in the composer. */
test('slash commands: the menu filters, /condense summarizes, /export downloads, /new goes home', async ({
  page,
  workbench,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  // Enough history for the condenser to forget a middle slice (it keeps the head and half the view).
  workbench.mockLlm.setScript(
    script(
      terminal('echo one', { summary: 'Step one' }),
      terminal('echo two', { summary: 'Step two' }),
      terminal('echo three', { summary: 'Step three' }),
      terminal('echo four', { summary: 'Step four' }),
      finish('All four steps done.'),
    ),
  );
  await startConversation(page, workbench, 'Run four steps for slash commands');
  await expectStatus(page, 'finished', 30_000);
  const box = page.getByLabel('Message');
  const menu = page.getByTestId('command-menu');

  await box.fill('/');
  await expect(menu.getByRole('option')).toHaveCount(7);
  await page.screenshot({ path: `${SCREENSHOTS}composer-commands-menu-1400.png` });
  await box.fill('/co');
  await expect(menu.getByRole('option')).toHaveText([/\/condense/]);
  await box.press('Escape');
  await expect(menu).toBeHidden();
  await box.fill('');

  // /condense: picked from the menu with Enter; the summary marker joins the transcript.
  workbench.mockLlm.setScript(script({ text: 'Summary: four echo steps ran.' }));
  await box.fill('/cond');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(page.getByTestId('condensation-divider')).toBeVisible({
    timeout: 20_000,
  });

  // /export: typed whole and sent; the download holds the task.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    (async () => {
      await box.fill('/export');
      await box.press('Escape');
      await box.press('Enter');
    })(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.md$/);
  const path = await download.path();
  expect(await readFile(path, 'utf8')).toContain('Run four steps for slash commands');

  // Text that merely starts with "/" is a message.
  workbench.mockLlm.setScript(script(finish('Noted the path.')));
  await box.fill('/etc/hosts looks odd');
  await box.press('Enter');
  await expect(page.getByTestId('message-user').filter({ hasText: '/etc/hosts looks odd' })).toBeVisible();
  await expectStatus(page, 'finished', 30_000);

  // At 390 px the menu fits above the composer.
  await page.setViewportSize({ width: 390, height: 800 });
  await box.fill('/');
  await expect(menu).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}composer-commands-menu-390.png` });

  // /new: Tab picks the highlighted first command and goes home.
  await box.press('Tab');
  await expect(page).toHaveURL(`${workbench.url}/`);
  await expect(page.getByLabel('Task')).toBeVisible();
});

/** /branch is "Branch from here" on the latest event, files dialog included. */
test('/branch forks at the latest event and opens the fork', async ({ page, workbench }) => {
  workbench.mockLlm.setScript(
    script(terminal('echo branched', { summary: 'Echo' }), finish('Ready to branch.')),
  );
  const sourceId = await startConversation(page, workbench, 'Work to branch from');
  await expectStatus(page, 'finished', 30_000);
  await page.getByLabel('Message').fill('/branch');
  await page.getByLabel('Message').press('Enter');
  // When the files were tracked at that point, the same files dialog as "Branch from here" asks first.
  const dialog = page.getByRole('dialog', { name: 'Branch from here' });
  const forked = page.getByTestId('forked-from');
  await expect(dialog.or(forked)).toBeVisible({ timeout: 20_000 });
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Branch', exact: true }).click();
  await expect(forked).toContainText('Work to branch from');
  expect(page.url()).not.toContain(sourceId);
  // The fork holds the whole history up to the latest event.
  await expect(page.getByText('Ready to branch.')).toBeVisible();
});
