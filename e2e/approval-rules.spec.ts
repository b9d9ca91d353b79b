import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures/workbench';
import {
  api,
  expectStatus,
  finish,
  SCREENSHOTS,
  script,
  startConversation,
  terminal,
  toolTurn,
} from './ui-support';

test('typing in the composer while the dialog opens approves nothing and keeps the text', async ({
  page,
  workbench,
}) => {
  // The model answers late, so the dialog opens while the person is typing.
  const turn = { ...terminal('touch typed.txt', { summary: 'Create a file', risk: 'HIGH' }), delay_ms: 4000 };
  workbench.mockLlm.setScript(script(turn, finish('Done.')));
  await startConversation(page, workbench, 'Create typed.txt');

  const composer = page.getByLabel('Message');
  const dialog = page.getByRole('dialog', { name: /approve this action/i });
  await expect(dialog).toBeHidden();
  await composer.click();
  await composer.pressSequentially('while the agent works I keep typing', { delay: 40 });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  // Still typing after it opened: the keys go to the composer, not to the dialog.
  await composer.pressSequentially(' and more', { delay: 40 });
  await expect(composer).toBeFocused();
  await expect(composer).toHaveValue('while the agent works I keep typing and more');
  await expect(dialog.getByTestId('approve-enter-hint')).not.toHaveClass(/--armed/);
  await page.screenshot({ path: `${SCREENSHOTS}approval-not-armed.png` });
  await expectStatus(page, 'waiting_for_confirmation');
  expect(existsSync(join(workbench.workspace, 'typed.txt'))).toBe(false);

  // Tab moves into the dialog and arms it; Enter approves from there.
  await page.keyboard.press('Tab');
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expect(dialog.getByTestId('approve-enter-hint')).toHaveClass(/--armed/);
  await page.screenshot({ path: `${SCREENSHOTS}approval-armed.png` });
  await dialog.getByRole('button', { name: /approve/i }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expectStatus(page, 'finished');
  await expect(composer).toHaveValue('while the agent works I keep typing and more');
});

test('Esc decides later; the banner brings the dialog back', async ({ page, workbench }) => {
  workbench.mockLlm.setScript(
    script(terminal('rm -rf ./dist', { summary: 'Clean the build', risk: 'HIGH' })),
  );
  await startConversation(page, workbench, 'Clean up');

  const dialog = page.getByRole('dialog', { name: /approve this action/i });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const banner = page.getByTestId('review-pending');
  await expect(banner).toContainText('1 action is waiting for your approval');
  await page.screenshot({ path: `${SCREENSHOTS}approval-banner.png` });

  await banner.click();
  await expect(dialog).toBeVisible();
  await expect(banner).toBeHidden();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-action-kind="TerminalAction"]')).toHaveAttribute('data-phase', 'rejected');
});

test('while another modal is open the dialog waits, and it appears when that one closes', async ({
  page,
  workbench,
}) => {
  const turn = { ...terminal('touch later.txt', { summary: 'Create later', risk: 'HIGH' }), delay_ms: 1500 };
  workbench.mockLlm.setScript(script(turn, finish('Done.')));
  await startConversation(page, workbench, 'Create later.txt');
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await expectStatus(page, 'waiting_for_confirmation');
  const dialog = page.getByRole('dialog', { name: /approve this action/i });
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('review-pending')).toBeAttached();

  await settings.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog).toBeHidden();
});

test('a failed edit shows its error, not a diff', async ({ page, workbench }) => {
  const file = join(workbench.workspace, 'notes.txt');
  workbench.mockLlm.setScript(
    script(
      toolTurn('file_editor', {
        command: 'create',
        path: file,
        file_text: 'alpha\n',
        summary: 'Write the notes',
        security_risk: 'LOW',
      }),
      toolTurn('file_editor', {
        command: 'str_replace',
        path: file,
        old_str: 'no such text',
        new_str: 'gamma',
        summary: 'Fix a line',
        security_risk: 'LOW',
      }),
      finish('Tried.'),
    ),
  );
  await startConversation(page, workbench, 'Edit notes.txt');
  await expectStatus(page, 'finished');
  const failed = page.getByTestId('file-edit-failed');
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText('str_replace failed');
  await expect(failed.locator('.diff')).toHaveCount(0);
  await failed.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}file-edit-failed.png` });
});

test('"Allow for this conversation" lets a later matching command run without a dialog', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(
    script(
      terminal('touch one.txt', { summary: 'Create one', risk: 'HIGH' }),
      terminal('touch two.txt', { summary: 'Create two', risk: 'HIGH' }),
      finish('Both created.'),
    ),
  );
  await startConversation(page, workbench, 'Create two files');
  const dialog = page.getByRole('dialog', { name: /approve this action/i });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  // The dialog says why it asks, as the card will afterwards.
  await expect(dialog.getByTestId('decision-line')).toContainText('Asked: no rule matched');
  const allow = dialog.getByTestId('allow-for-conversation');
  await expect(allow).toContainText('Allow touch for this conversation');
  await expect(dialog).toContainText('will not auto-allow');
  await dialog.getByLabel(/also high-risk/i).check();
  await page.screenshot({ path: `${SCREENSHOTS}approval-remember.png` });
  await allow.click();

  await expectStatus(page, 'finished');
  await expect(dialog).toBeHidden();
  const cards = page.locator('[data-action-kind="TerminalAction"]');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByTestId('decision-line')).toContainText(
    'Approved by you · for this conversation',
  );
  await expect(cards.nth(1).getByTestId('decision-line')).toHaveText(
    'Allowed by rule touch (this conversation)',
  );
  expect(existsSync(join(workbench.workspace, 'two.txt'))).toBe(true);
  await page.screenshot({ path: `${SCREENSHOTS}allowed-by-rule.png` });

  // The rule is listed in the conversation's rules and can be deleted there.
  await page.getByTestId('conversation-rules-button').click();
  const rulesDialog = page.getByRole('dialog', { name: 'Approvals for this conversation' });
  const rule = rulesDialog.getByTestId('approval-rule');
  await expect(rule).toHaveCount(1);
  await expect(rule.getByRole('textbox')).toHaveValue('touch');
  await page.screenshot({ path: `${SCREENSHOTS}conversation-rules.png` });
  await rule.getByRole('button', { name: /delete/i }).click();
  await expect(rulesDialog.getByTestId('approval-rule')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('conversation-rules-button')).toHaveText('Rules');
});

test('"Always allow" adds a global rule, which settings can edit and delete', async ({ page, workbench }) => {
  workbench.mockLlm.setScript(
    script(terminal('ls -la', { summary: 'List the files', risk: 'HIGH' }), finish('Listed.')),
  );
  await startConversation(page, workbench, 'List files');
  const dialog = page.getByRole('dialog', { name: /approve this action/i });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('allow-always')).toContainText('Allow ls in every conversation');
  await dialog.getByTestId('allow-always').click();
  await expectStatus(page, 'finished');

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const section = settings.getByTestId('approval-rules-section');
  await section.locator('summary').click();
  const rule = section.getByTestId('approval-rule');
  await expect(rule).toHaveCount(1);
  await expect(rule.getByRole('textbox')).toHaveValue('ls');
  await rule.getByRole('textbox').fill('ls -l');
  await rule.getByRole('textbox').press('Enter');
  await rule.getByRole('combobox').selectOption('ask');
  const rules = async () =>
    ((await api(workbench).get('/api/settings')) as { approval_rules: unknown[] }).approval_rules;
  await expect
    .poll(rules)
    .toEqual([
      expect.objectContaining({ matcher: { kind: 'command_prefix', prefix: 'ls -l' }, effect: 'ask' }),
    ]);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}settings-rules.png` });
  await rule.getByRole('button', { name: /delete/i }).click();
  await expect(section.getByTestId('approval-rule')).toHaveCount(0);
  await expect.poll(rules).toEqual([]);
});

test('a batch of two actions takes a decision per action', async ({ page, workbench }) => {
  const call = (command: string, summary: string) => ({
    name: 'terminal',
    arguments: { command, summary, security_risk: 'HIGH' },
  });
  workbench.mockLlm.setScript(
    script(
      { tool_calls: [call('touch kept.txt', 'Create kept'), call('touch dropped.txt', 'Create dropped')] },
      finish('Done.'),
    ),
  );
  await startConversation(page, workbench, 'Create two files at once');
  const dialog = page.getByRole('dialog', { name: /approve these 2 actions/i });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const rows = dialog.getByTestId('pending-action');
  await rows.nth(1).getByRole('button', { name: 'Reject' }).click();
  await dialog.getByLabel(/reason for rejecting/i).fill('Only the first one');
  const send = dialog.getByTestId('approve-primary');
  await expect(send).toContainText('1 approved, 1 rejected');
  await page.screenshot({ path: `${SCREENSHOTS}approval-batch.png` });
  await send.click();

  await expect(dialog).toBeHidden();
  await expectStatus(page, 'finished');
  const cards = page.locator('[data-action-kind="TerminalAction"]');
  await expect(cards.nth(0)).toHaveAttribute('data-phase', 'done');
  await expect(cards.nth(1)).toHaveAttribute('data-phase', 'rejected');
  await expect(cards.nth(1)).toContainText('Only the first one');
  expect(existsSync(join(workbench.workspace, 'kept.txt'))).toBe(true);
  expect(existsSync(join(workbench.workspace, 'dropped.txt'))).toBe(false);
});
