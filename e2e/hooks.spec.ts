import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
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

test("a repository's own hooks file is shown and runs nothing until the person accepts it", async ({
  page,
  workbench,
}) => {
  const marker = join(workbench.workspace, 'from-repo.txt');
  mkdirSync(join(workbench.workspace, '.openhands'), { recursive: true });
  writeFileSync(
    join(workbench.workspace, '.openhands', 'hooks.json'),
    JSON.stringify({ SessionStart: [{ hooks: [{ command: 'touch from-repo.txt' }] }] }),
  );
  workbench.mockLlm.setScript(script(finish('Looked.'), finish('Looked again.')));
  await startConversation(page, workbench, 'Open the repository');
  await expectStatus(page, 'finished');
  const notice = page.getByTestId('workspace-hooks-notice');
  await expect(notice).toContainText('This workspace ships hooks');
  expect(existsSync(marker)).toBe(false);
  await notice.getByRole('button', { name: 'Show it' }).click();
  await expect(notice).toContainText('touch from-repo.txt');
  await page.screenshot({ path: `${SCREENSHOTS}hooks-workspace-notice.png` });

  await notice.getByRole('button', { name: 'Accept these hooks' }).click();
  await expect(notice).toBeHidden();
  await page.getByLabel('Message').fill('Once more');
  await page.getByLabel('Message').press('Enter');
  await expect(page.getByTestId('hook-line')).toContainText('Hook SessionStart');
  await expectStatus(page, 'finished');
  expect(existsSync(marker)).toBe(true);
});
