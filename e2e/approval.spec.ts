import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, startConversation, terminal } from './ui-support';

test('a risky command waits for approval; Enter approves it and the run goes on', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(
    script(
      terminal('touch approved.txt', { summary: 'Create the marker file', risk: 'HIGH' }),
      finish('Created it.'),
    ),
  );
  await startConversation(page, workbench, 'Create approved.txt');

  const dialog = page.getByRole('dialog', { name: /approve this action/i });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expectStatus(page, 'waiting_for_confirmation');
  const item = dialog.getByTestId('pending-action');
  await expect(item).toContainText('touch approved.txt');
  await expect(item).toContainText('Create the marker file');
  await expect(item.locator('[data-risk="HIGH"]')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}approval-dialog.png` });
  expect(existsSync(join(workbench.workspace, 'approved.txt'))).toBe(false);

  // The dialog comes back after a reload: the wait is part of the conversation's state.
  await page.reload();
  await expect(dialog).toBeVisible();
  const approve = dialog.getByRole('button', { name: /approve/i });
  await expect(approve).toBeFocused();
  // Enter approves only once the dialog is armed (a short delay after it opened by itself).
  await expect(approve).toHaveAttribute('data-armed', 'true');
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  await expectStatus(page, 'finished');
  await expect(page.locator('[data-action-kind="TerminalAction"]')).toHaveAttribute('data-phase', 'done');
  expect(existsSync(join(workbench.workspace, 'approved.txt'))).toBe(true);
});

test('Esc closes the dialog without deciding; it reopens, and a rejection carries the reason', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(
    script(terminal('rm -rf ./precious', { summary: 'Delete the folder', risk: 'HIGH' })),
  );
  await startConversation(page, workbench, 'Clean up');

  const dialog = page.getByRole('dialog', { name: /approve this action/i });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectStatus(page, 'waiting_for_confirmation');
  await page.getByTestId('review-pending').click();
  await expect(dialog).toBeVisible();

  // Focus stays inside the dialog.
  for (let step = 0; step < 8; step++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await dialog.getByLabel(/reason for rejecting/i).fill('Never delete that folder');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  const card = page.locator('[data-action-kind="TerminalAction"]');
  await expect(card).toHaveAttribute('data-phase', 'rejected');
  await expect(card).toContainText('Rejected: Never delete that folder');
  await expect(page.getByTestId('review-pending')).toBeHidden();
});
