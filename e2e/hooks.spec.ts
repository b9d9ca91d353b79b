import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures/workbench';
import { expectStatus, finish, SCREENSHOTS, script, startConversation, terminal } from './ui-support';

test('a global PreToolUse hook set in Settings denies a command: the hook line and the rejected action show it', async ({
  page,
  workbench,
}) => {
  await page.goto(workbench.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const section = settings.getByTestId('hooks-section');
  await section.locator('summary').click();
  await section.getByLabel('Hook event').selectOption('PreToolUse');
  await section.getByLabel('Hook matcher').fill('terminal');
  await section
    .getByLabel('Hook command')
    .fill('case "$(cat)" in *rm-me*) echo "the hook keeps rm-me.txt" >&2; exit 2;; esac');
  await section.getByRole('button', { name: 'Add hook' }).click();
  await expect(section.locator('.hooks-editor__row')).toHaveCount(1);
  await expect(section.locator('summary')).toContainText('Hooks · 1');
  await page.screenshot({ path: `${SCREENSHOTS}hooks-settings.png` });
  await settings.getByRole('button', { name: 'Cancel' }).click();

  workbench.mockLlm.setScript(
    script(terminal('touch rm-me.txt', { summary: 'Create rm-me.txt' }), finish('Done.')),
  );
  await startConversation(page, workbench, 'Create rm-me.txt');
  await expectStatus(page, 'finished');
  const line = page.getByTestId('hook-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Hook PreToolUse (terminal)');
  await expect(line).toContainText('denied');
  await line.locator('summary').click();
  await expect(line).toContainText('the hook keeps rm-me.txt');
  await expect(page.locator('[data-action-kind="TerminalAction"]')).toHaveAttribute('data-phase', 'rejected');
  await page.screenshot({ path: `${SCREENSHOTS}hooks-denied.png` });
  expect(existsSync(join(workbench.workspace, 'rm-me.txt'))).toBe(false);
});
