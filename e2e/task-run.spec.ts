import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures/workbench';
import {
  expectStatus,
  finish,
  SCREENSHOTS,
  script,
  startConversation,
  terminal,
  toolTurn,
} from './ui-support';

test('a task that runs two commands and edits a file shows each step as it happens', async ({
  page,
  workbench,
}) => {
  const file = join(workbench.workspace, 'notes.txt');
  workbench.mockLlm.setScript(
    script(
      terminal('echo first-command', { summary: 'Say hello', text: 'Let me check the workspace first.' }),
      terminal('ls -1', { summary: 'List files' }),
      toolTurn('file_editor', {
        command: 'create',
        path: file,
        file_text: 'alpha\nbeta\n',
        summary: 'Write the notes',
        security_risk: 'LOW',
      }),
      toolTurn('file_editor', {
        command: 'str_replace',
        path: file,
        old_str: 'beta',
        new_str: 'gamma',
        summary: 'Fix the second line',
        security_risk: 'LOW',
      }),
      finish('All done: `notes.txt` now says **alpha** and **gamma**.'),
    ),
  );
  await startConversation(page, workbench, 'Write notes.txt\nwith two lines');

  await expectStatus(page, 'finished');
  const cards = page.getByTestId('action-card');
  await expect(cards).toHaveCount(5);
  const terminals = page.locator('[data-action-kind="TerminalAction"]');
  await expect(terminals.nth(0)).toContainText('echo first-command');
  await expect(terminals.nth(0)).toContainText('exit 0');
  await expect(terminals.nth(1)).toContainText('ls -1');
  const edits = page.locator('[data-action-kind="FileEditorAction"]');
  await expect(edits.nth(0)).toContainText('+2');
  await expect(edits.nth(1).locator('.diff__line--remove')).toContainText('beta');
  await expect(edits.nth(1).locator('.diff__line--add')).toContainText('gamma');
  await expect(page.getByTestId('agent-thought')).toContainText('Let me check the workspace first.');
  await expect(page.locator('[data-action-kind="FinishAction"] strong').first()).toHaveText('alpha');
  // The user message keeps its line break (Shift+Enter is not needed when filled programmatically).
  await expect(page.getByTestId('message-user')).toContainText('with two lines');
  expect(existsSync(file) && readFileSync(file, 'utf8')).toBe('alpha\ngamma\n');
  await page.screenshot({ path: `${SCREENSHOTS}conversation.png` });
});

test('the new-conversation screen: Shift+Enter makes a new line, Enter sends', async ({
  page,
  workbench,
}) => {
  workbench.mockLlm.setScript(script(finish('ok')));
  await page.goto(workbench.url);
  await expect(page.getByLabel('Workspace folder')).toHaveValue(workbench.workspace);
  await page.screenshot({ path: `${SCREENSHOTS}new-conversation.png` });
  const task = page.getByLabel('Task');
  await task.pressSequentially('line one');
  await task.press('Shift+Enter');
  await task.pressSequentially('line two');
  await expect(task).toHaveValue('line one\nline two');
  await expect(page).toHaveURL(`${workbench.url}/`);
  await task.press('Enter');
  await page.waitForURL(/\/conversations\//);
  await expect(page.getByTestId('message-user')).toContainText('line two');
});

test('a workspace the runtime refuses is reported plainly', async ({ page, workbench }) => {
  await page.goto(workbench.url);
  await page.getByLabel('Workspace folder').fill('/definitely/not/here');
  await page.getByLabel('Task').fill('anything');
  await page.getByLabel('Task').press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(`${workbench.url}/`);
});
